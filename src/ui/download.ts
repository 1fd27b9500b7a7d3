import type { DownloadFile } from './conversation/transport';
import { number } from './words/format';
import { message } from './words/messages';

/**
 * Saves a file through the browser's own download (an object URL clicked by a temporary link): nothing leaves the
 * machine, and the person picks where it goes. The URL is revoked right after, so the text does not linger.
 */
export function saveFile(file: DownloadFile, doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: file.mediaType }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  doc.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Reads a file the person chose, as text, refusing one larger than `maxChars` before reading it. */
export async function readChosenFile(file: File, maxChars: number): Promise<string> {
  if (file.size > maxChars * 4) throw new Error(message('fileTooLargeBytes', number(Math.round(file.size / 1024))));
  const text = await file.text();
  if (text.length > maxChars) throw new Error(message('fileTooLargeChars', number(text.length)));
  return text;
}
