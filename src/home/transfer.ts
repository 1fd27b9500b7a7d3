import { HomeError } from '../protocol/errors';
import { HOME_LIMITS } from '../protocol/messages/home';
import { exportVault } from '../vault/transfer/export';
import { importVault } from '../vault/transfer/import';
import type { HomeServices } from './services';
import { homeStatus } from './status';

type Upload = { chars: number; chunks: string[]; received: number; startedAt: number };
/** At most this many uploads at once, each abandoned after ten minutes (memory in the worker is finite). */
const MAX_UPLOADS = 2;
const UPLOAD_TTL = 10 * 60_000;

/** The whole vault, encrypted under the passphrase, as a file to save. */
export async function exportHome(services: HomeServices, passphrase: string) {
  const { file, counts, corrupt } = await exportVault(
    services.vault,
    passphrase,
    services.kdf === undefined ? {} : { kdf: services.kdf },
  );
  if (file.length > HOME_LIMITS.vaultFile)
    throw new HomeError('TOO_LARGE', 'The vault is larger than one export file may be.');
  const day = new Date(services.vault.clock.now()).toISOString().slice(0, 10);
  return {
    fileName: `home-agent-vault-${day}.json`,
    text: file,
    counts,
    corrupt: corrupt.map((c) => c.message).slice(0, 50),
  };
}

/**
 * Export and import of the whole vault (DESIGN §5), encrypted under a passphrase. A vault file is larger than one
 * message may be, so an import arrives in pieces (each under the router's cap): begin, chunks in order, commit —
 * which gives the Home its progress bar and its Cancel. The upload lives in this worker's memory; a worker that
 * restarted mid-way has forgotten it and the Home starts again. After an import the keyring locks: the keys in
 * session belong to the replaced vault, and consent does not survive an account switch.
 */
export function homeImports() {
  const uploads = new Map<string, Upload>();
  const uploadOf = (id: string, now: number) => {
    const upload = uploads.get(id);
    if (upload === undefined || now - upload.startedAt > UPLOAD_TTL) {
      uploads.delete(id);
      throw new HomeError('UPLOAD_UNKNOWN', 'That import was cancelled or interrupted; choose the file again.');
    }
    return upload;
  };
  return {
    async begin(services: HomeServices, chars: number) {
      const now = services.vault.clock.now();
      for (const [id, upload] of uploads) if (now - upload.startedAt > UPLOAD_TTL) uploads.delete(id);
      if (uploads.size >= MAX_UPLOADS)
        throw new HomeError('BUSY', 'Another import is under way; finish or cancel it first.');
      const uploadId = services.newId();
      uploads.set(uploadId, { chars, chunks: [], received: 0, startedAt: now });
      return { uploadId, chunkChars: HOME_LIMITS.importChunk };
    },
    async chunk(services: HomeServices, input: { uploadId: string; index: number; data: string }) {
      const { uploadId, index, data } = input;
      const upload = uploadOf(uploadId, services.vault.clock.now());
      if (index !== upload.chunks.length)
        throw new HomeError(
          'OUT_OF_ORDER',
          `Piece ${index + 1} arrived before piece ${upload.chunks.length + 1}; choose the file again.`,
        );
      if (upload.received + data.length > upload.chars)
        throw new HomeError('TOO_LARGE', 'The file is larger than announced; choose it again.');
      upload.chunks.push(data);
      upload.received += data.length;
      return { received: upload.received, total: upload.chars };
    },
    async commit(services: HomeServices, input: { uploadId: string; passphrase: string }) {
      const { uploadId, passphrase } = input;
      const upload = uploadOf(uploadId, services.vault.clock.now());
      if (upload.received !== upload.chars)
        throw new HomeError(
          'INCOMPLETE',
          `Only ${upload.received} of ${upload.chars} characters arrived; choose the file again.`,
        );
      const result = await importVault(services.vault, upload.chunks.join(''), passphrase);
      // A mistyped passphrase keeps the upload, so the person can try again without choosing the file again.
      if (!result.ok && result.code === 'WRONG_PASSPHRASE') throw new HomeError(result.code, result.message);
      uploads.delete(uploadId);
      if (!result.ok) throw new HomeError(result.code, result.message);
      await services.keyring.lock('account-switch');
      await services.reload('import');
      return { counts: result.counts, migratedFrom: result.migratedFrom ?? null, status: await homeStatus(services) };
    },
    cancel: (uploadId: string) => ({ cancelled: uploads.delete(uploadId) }),
  };
}
