import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { describeZodError } from '../../src/protocol/errors';
import { MIN_SECRET_LENGTH } from './key-seal';

/**
 * SIGNING_KEYS_SECRET's form: one secret, or several during a rotation of the secret, comma-separated, newest first —
 * the first seals the signing keys, any opens them (gateway/auth/key-seal.ts). SIGNING_KEYS_SECRET_FILE holds the
 * same, commas or one secret a line.
 */
export const SigningSecrets = z
  .string()
  .transform((value) =>
    value
      .split(/[,\n]/)
      .map((s) => s.trim())
      .filter((s) => s.length > 0),
  )
  .pipe(
    z
      .array(
        z
          .string()
          .min(
            MIN_SECRET_LENGTH,
            `each secret at least ${MIN_SECRET_LENGTH} characters (openssl rand -hex 32); several are comma-separated, newest first`,
          ),
      )
      .min(1, 'at least one secret (32 characters or more; several comma-separated, newest first)')
      .refine((secrets) => new Set(secrets).size === secrets.length, 'each secret once (newest first)'),
  );

export type SigningSecretSource = { kind: 'secrets'; secrets: string[] } | { kind: 'file'; path: string } | null;

/** The secrets, newest first, read from the file when the configuration names one; null: the keys stay unsealed. */
export async function signingSecretsOf(source: SigningSecretSource): Promise<string[] | null> {
  if (source === null) return null;
  if (source.kind === 'secrets') return source.secrets;
  const parsed = SigningSecrets.safeParse(await readFile(source.path, 'utf8'));
  if (!parsed.success)
    throw new Error(
      `SIGNING_KEYS_SECRET_FILE (${source.path}) was refused — ${describeZodError(parsed.error).replace(/^The input was refused — /, '')}`,
    );
  return parsed.data;
}
