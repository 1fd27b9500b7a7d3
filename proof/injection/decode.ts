/**
 * What a capable model does with obfuscated text before it reads it: it decodes base64 it recognises, reads
 * rot13 and reversed text when told to, ignores zero-width characters, reads Cyrillic look-alikes and leetspeak as
 * the letters they imitate, and joins letters spelled out with spaces. The obedient model (obedient-model.ts) reads
 * every variant this returns, so an encoded injection is obeyed like a plain one (AgentDojo's obfuscated attacks).
 */
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;
const HOMOGLYPHS: Record<string, string> = {
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  і: 'i',
  ѕ: 's',
  ԁ: 'd',
  ⅼ: 'l',
  А: 'A',
  Е: 'E',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  Ι: 'I',
};
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' };

const rot13 = (text: string) =>
  text.replace(/[a-z]/gi, (c) =>
    String.fromCharCode(((c.toLowerCase().charCodeAt(0) - 97 + 13) % 26) + (c === c.toLowerCase() ? 97 : 65)),
  );

/** Words mixing letters and digits (s3nd, t0) read as letters; addresses and numbers are left alone. */
const unLeet = (text: string) =>
  text.replace(/[\w@$]+/g, (word) =>
    /^0x[0-9a-f]{40}$/i.test(word) || /^\d+([.,]\d+)?$/.test(word) || !/[a-z]/i.test(word)
      ? word
      : word.replace(/[013457@$]/g, (c) => LEET[c] ?? c),
  );

/** "p a y  5 0" → "pay 50": runs of single characters separated by single spaces, words split by two or more. */
const unSpace = (text: string) => text.replace(/(?:\b\S (?=\S\b))+\S\b/g, (run) => run.replace(/ /g, ''));

function base64Pieces(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/[A-Za-z0-9+/]{20,}={0,2}/g)) {
    if (/^0x/.test(m[0]) || /^[0-9a-f]+$/i.test(m[0])) continue;
    const decoded = Buffer.from(m[0], 'base64').toString('utf8');
    if (decoded.length >= 12 && /^[\x20-\x7E\n]+$/.test(decoded)) out.push(decoded);
  }
  return out;
}

/** The text and every reading of it a model could make out. */
export function readings(text: string): string[] {
  const plain = text.replace(ZERO_WIDTH, '').replace(/[^\p{ASCII}]/gu, (c) => HOMOGLYPHS[c] ?? c);
  const out = new Set<string>([plain, unLeet(plain), unSpace(plain)]);
  for (const piece of base64Pieces(plain)) out.add(piece);
  const rot = /rot-?13\W+([\s\S]+)/i.exec(plain);
  if (rot !== null) out.add(rot13(rot[1]!));
  const reversed = /(?:reversed|read (?:it )?backwards)\W+([\s\S]+)/i.exec(plain);
  if (reversed !== null) out.add([...reversed[1]!].reverse().join(''));
  return [...out];
}
