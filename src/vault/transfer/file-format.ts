import { z } from 'zod';
import { canonicalJson } from '../../protocol/canonical-json';
import { refuse, type Refusal } from '../outcome';
import { base64ToBytes, bytesToBase64, bytesToHex, hexToBytes, randomBytes } from '../keys/bytes';
import { freshKdf, KdfParams, OWASP_SCRYPT, type KdfChoice } from '../keys/kdf';
import { decrypt, deriveSecrets, type PassphraseSecrets } from '../keys/sealing';
import { HexBytes, Millis, type Hex } from '../values';

/**
 * The exported vault file (DESIGN §5): UTF-8 JSON with a plaintext header and one AES-GCM ciphertext. The whole
 * header (format, schema version, time, KDF, check, IV) is the additional data, so altering any of it fails to
 * open. The plaintext is `{ schemaVersion, tables }` — every table, keys still sealed under their own passphrase.
 */
export const VAULT_FILE_FORMAT = 'home-agent-vault';
export const VAULT_FILE_FORMAT_VERSION = 1;
/** A vault file larger than this is refused before parsing (a person's vault is far smaller). */
export const MAX_VAULT_FILE_CHARS = 512 * 1024 * 1024;

export const VaultFileHeader = z.strictObject({
  format: z.literal(VAULT_FILE_FORMAT),
  formatVersion: z.literal(VAULT_FILE_FORMAT_VERSION),
  schemaVersion: z.number().int().min(1).max(10_000),
  exportedAt: Millis,
  kdf: KdfParams,
  check: HexBytes.refine((hex) => hex.length === 66, '32 bytes'),
  iv: HexBytes.refine((hex) => hex.length === 26, '12 bytes'),
});
export type VaultFileHeader = z.output<typeof VaultFileHeader>;
const VaultFile = VaultFileHeader.extend({ ciphertext: z.string().min(1) });

/** Rows per table, JSON-ready (binary fields already encoded by the table codec). */
export type VaultFileContents = { schemaVersion: number; tables: Record<string, unknown[]> };

export type VaultFileRefusal = Refusal<'WRONG_PASSPHRASE' | 'VAULT_FILE_TAMPERED' | 'VAULT_FILE_MALFORMED'>;

const aadOf = (header: VaultFileHeader) => new TextEncoder().encode(canonicalJson(header));

/**
 * Seals contents into a vault file under a passphrase: a fresh salt and IV every time, or — with `secrets`, the key
 * the same passphrase stretched when this file was opened — that key under its own salt and a fresh IV, so saving
 * a file just opened stretches the passphrase once per command, not twice (the command-line door).
 */
export async function sealVaultFile(
  contents: VaultFileContents,
  passphrase: string,
  options: { kdf?: KdfChoice; now: number; secrets?: PassphraseSecrets },
): Promise<string> {
  const secrets = options.secrets ?? (await deriveSecrets(passphrase, freshKdf(options.kdf ?? OWASP_SCRYPT)));
  const kdf = secrets.kdf;
  const plaintext = new TextEncoder().encode(JSON.stringify(contents));
  // The IV is part of the authenticated header, so it is drawn before the header is written.
  const iv = randomBytes(12);
  const header: VaultFileHeader = {
    format: VAULT_FILE_FORMAT,
    formatVersion: VAULT_FILE_FORMAT_VERSION,
    schemaVersion: contents.schemaVersion,
    exportedAt: options.now,
    kdf,
    check: bytesToHex(secrets.check),
    iv: bytesToHex(iv),
  };
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: aadOf(header), tagLength: 128 },
    secrets.key,
    plaintext,
  );
  return JSON.stringify({ ...header, ciphertext: bytesToBase64(new Uint8Array(sealed)) });
}

const malformed = (why: string) =>
  refuse(
    'VAULT_FILE_MALFORMED',
    `This is not a Home Agent vault file, or it is cut short (${why}); nothing was changed.`,
  );

/** Reads a file's header without the passphrase (to show its date and version before asking). */
export function readVaultFileHeader(
  text: string,
): { ok: true; header: VaultFileHeader; ciphertext: string } | VaultFileRefusal {
  if (text.length > MAX_VAULT_FILE_CHARS) return malformed('larger than any vault');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return malformed('not JSON');
  }
  const parsed = VaultFile.safeParse(json);
  if (!parsed.success)
    return malformed(
      `${parsed.error.issues[0]?.path.join('.') || 'header'}: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
    );
  const { ciphertext, ...header } = parsed.data;
  return { ok: true, header, ciphertext };
}

/** Opens a vault file: WRONG_PASSPHRASE, VAULT_FILE_TAMPERED or VAULT_FILE_MALFORMED in words, else the contents. */
export async function openVaultFile(
  text: string,
  passphrase: string,
): Promise<
  { ok: true; header: VaultFileHeader; contents: VaultFileContents; secrets: PassphraseSecrets } | VaultFileRefusal
> {
  const read = readVaultFileHeader(text);
  if (!read.ok) return read;
  const { header } = read;
  const ciphertext = base64ToBytes(read.ciphertext);
  if (ciphertext === undefined || ciphertext.length < 16)
    return refuse('VAULT_FILE_TAMPERED', 'The vault file was altered or damaged; nothing was changed.');
  const secrets = await deriveSecrets(passphrase, header.kdf);
  const opened = await decrypt(
    secrets,
    { check: hexToBytes(header.check as Hex), iv: hexToBytes(header.iv as Hex), ciphertext },
    aadOf(header),
  );
  if (!opened.ok) {
    if (opened.code === 'WRONG_PASSPHRASE')
      return refuse(
        'WRONG_PASSPHRASE',
        'That passphrase does not open this vault file (or its header was altered); nothing was changed.',
      );
    return refuse('VAULT_FILE_TAMPERED', 'The vault file was altered or damaged; nothing was changed.');
  }
  let contents: unknown;
  try {
    contents = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(opened.plaintext));
  } catch {
    return malformed('its contents are not JSON');
  }
  const shape = z
    .strictObject({
      schemaVersion: z.literal(header.schemaVersion),
      tables: z.record(z.string(), z.array(z.unknown())),
    })
    .safeParse(contents);
  if (!shape.success) return malformed('its contents do not match its header');
  return { ok: true, header, contents: shape.data, secrets };
}
