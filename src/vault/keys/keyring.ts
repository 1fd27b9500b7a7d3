import { privateKeyToAddress } from 'viem/accounts';
import { HomeError } from '../../protocol/errors';
import { canonicalJson } from '../../protocol/canonical-json';
import type { VaultClock } from '../clock';
import { refuse, type Refusal } from '../outcome';
import type { KeyPurpose, KeyRow, KeysRepository } from '../repositories/keys';
import type { Hex } from '../values';
import { bytesToHex, hexToBytes } from './bytes';
import { freshKdf, OWASP_SCRYPT, type KdfChoice, type KdfParams } from './kdf';
import { decrypt, deriveSecrets, encrypt, type PassphraseSecrets } from './sealing';
import type { SessionKeyStore, UnlockedKey, UnlockedSession } from './session-keys';

export type SecretKeyInput = { id: string; purpose: KeyPurpose; privateKey: Hex };
export type LockReason = 'person' | 'idle' | 'account-switch' | 'passphrase-change';
/** Runs at every lock: the pending signature requests queue rejects everything it holds (consent does not survive lock). */
export type LockHook = (reason: LockReason) => void | Promise<void>;
export type UnlockRefusal = Refusal<'WRONG_PASSPHRASE' | 'NO_KEYS' | 'KEY_TAMPERED' | 'VAULT_ROW_CORRUPT'>;

export type Keyring = {
  /** Seals new keys under the passphrase (one stretch for all) and stores them; never overwrites an id. */
  create(passphrase: string, keys: readonly SecretKeyInput[]): Promise<KeyRow[]>;
  /** Opens every key and puts them in the session store; a wrong passphrase changes nothing. */
  unlock(passphrase: string): Promise<{ ok: true; session: UnlockedSession } | UnlockRefusal>;
  /** Clears the key material, then runs every lock hook (each failure is collected, none stops the others). */
  lock(reason: LockReason): Promise<{ hookErrors: unknown[] }>;
  onLock(hook: LockHook): () => void;
  /** The unlocked session, or undefined when locked. */
  session(): Promise<UnlockedSession | undefined>;
  /** Records activity (the auto-lock counts idle time from here); no-op when locked. */
  touch(): Promise<void>;
  /** The unlocked private key for a purpose, or undefined when locked. */
  privateKeyOf(purpose: KeyPurpose): Promise<Hex | undefined>;
  /** Re-seals every key under a new passphrase, all or nothing, then locks. */
  changePassphrase(current: string, next: string): Promise<{ ok: true } | UnlockRefusal>;
};

const aadOf = (row: Pick<KeyRow, 'id' | 'purpose' | 'address'>) =>
  new TextEncoder().encode(
    canonicalJson({ kind: 'home-agent/key', v: 1, id: row.id, purpose: row.purpose, address: row.address }),
  );

async function sealAll(passphrase: string, kdf: KdfParams, keys: readonly SecretKeyInput[], now: number) {
  const secrets = await deriveSecrets(passphrase, kdf);
  return Promise.all(
    keys.map(async ({ id, purpose, privateKey }) => {
      const address = privateKeyToAddress(privateKey).toLowerCase() as Hex;
      const { iv, ciphertext } = await encrypt(secrets, hexToBytes(privateKey), aadOf({ id, purpose, address }));
      return {
        id,
        purpose,
        address,
        kdf,
        check: bytesToHex(secrets.check),
        iv: bytesToHex(iv),
        ciphertext: bytesToHex(ciphertext),
        createdAt: now,
      };
    }),
  );
}

function addressOf(privateKey: Hex): string | undefined {
  try {
    return privateKeyToAddress(privateKey).toLowerCase();
  } catch {
    return undefined;
  }
}

/** Opens every row; one stretch per distinct KDF (all rows sealed together share one). */
async function openAll(
  passphrase: string,
  rows: readonly KeyRow[],
): Promise<{ ok: true; keys: UnlockedKey[] } | UnlockRefusal> {
  const derived = new Map<string, PassphraseSecrets>();
  const keys: UnlockedKey[] = [];
  for (const row of rows) {
    const kdfKey = canonicalJson(row.kdf);
    const secrets = derived.get(kdfKey) ?? (await deriveSecrets(passphrase, row.kdf));
    derived.set(kdfKey, secrets);
    const opened = await decrypt(
      secrets,
      { check: hexToBytes(row.check), iv: hexToBytes(row.iv), ciphertext: hexToBytes(row.ciphertext) },
      aadOf(row),
    );
    if (!opened.ok) {
      if (opened.code === 'WRONG_PASSPHRASE')
        return refuse('WRONG_PASSPHRASE', 'That passphrase does not unlock this vault. Check it and try again.');
      return refuse('KEY_TAMPERED', `The stored key "${row.id}" was altered or damaged; it cannot be opened.`);
    }
    const privateKey = bytesToHex(opened.plaintext);
    const length = opened.plaintext.length;
    opened.plaintext.fill(0);
    // The address is bound as additional data too; this re-derivation catches a sealer that lied about it.
    if (length !== 32 || addressOf(privateKey) !== row.address) {
      return refuse('KEY_TAMPERED', `The stored key "${row.id}" does not match its address; it cannot be used.`);
    }
    keys.push({ id: row.id, purpose: row.purpose, address: row.address, privateKey });
  }
  return { ok: true, keys };
}

/**
 * The owner key at rest and in session (DESIGN §2, §10): sealed with a stretched passphrase, opened into the
 * session store on unlock, cleared on lock together with every pending signature request (through the hooks).
 */
export function createKeyring(deps: {
  keys: KeysRepository;
  session: SessionKeyStore;
  clock: VaultClock;
  kdf?: KdfChoice;
}): Keyring {
  const { keys, session, clock } = deps;
  const kdfChoice = deps.kdf ?? OWASP_SCRYPT;
  const hooks = new Set<LockHook>();
  // Every change to the session store runs one at a time, so a touch that read the session before a lock cannot
  // write the key back after it (the background worker is the only writer).
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  const storedKeys = async (): Promise<{ ok: true; rows: KeyRow[] } | UnlockRefusal> => {
    const read = await keys.list();
    if (read.corrupt.length > 0) return refuse('VAULT_ROW_CORRUPT', read.corrupt[0]!.message);
    if (read.rows.length === 0) return refuse('NO_KEYS', 'This vault holds no key yet; create one first.');
    return { ok: true, rows: read.rows };
  };

  const lockNow = async (reason: LockReason) => {
    const hookErrors: unknown[] = [];
    let clearError: unknown;
    try {
      await session.clear();
    } catch (error) {
      clearError = error;
    }
    for (const hook of [...hooks]) {
      try {
        await hook(reason);
      } catch (error) {
        hookErrors.push(error);
      }
    }
    if (clearError !== undefined)
      throw new HomeError('LOCK_FAILED', 'The vault could not clear its unlocked key; close the browser to be sure.', {
        cause: clearError,
      });
    return { hookErrors };
  };

  return {
    create: async (passphrase, input) => keys.add(await sealAll(passphrase, freshKdf(kdfChoice), input, clock.now())),
    unlock: async (passphrase) => {
      const stored = await storedKeys();
      if (!stored.ok) return stored;
      const opened = await openAll(passphrase, stored.rows);
      if (!opened.ok) return opened;
      return exclusive(async () => {
        const now = clock.now();
        const unlocked: UnlockedSession = { keys: opened.keys, unlockedAt: now, lastActiveAt: now };
        await session.set(unlocked);
        return { ok: true as const, session: unlocked };
      });
    },
    lock: (reason) => exclusive(() => lockNow(reason)),
    onLock: (hook) => {
      hooks.add(hook);
      return () => hooks.delete(hook);
    },
    session: () => session.get(),
    touch: () =>
      exclusive(async () => {
        const current = await session.get();
        if (current !== undefined) await session.set({ ...current, lastActiveAt: clock.now() });
      }),
    privateKeyOf: async (purpose) => {
      const current = await session.get();
      if (current === undefined) return undefined;
      const key = current.keys.find((candidate) => candidate.purpose === purpose);
      return key === undefined ? undefined : (key.privateKey as Hex);
    },
    changePassphrase: async (current, next) => {
      const stored = await storedKeys();
      if (!stored.ok) return stored;
      const opened = await openAll(current, stored.rows);
      if (!opened.ok) return opened;
      const resealed = await sealAll(
        next,
        freshKdf(kdfChoice),
        opened.keys.map(({ id, purpose, privateKey }) => ({ id, purpose, privateKey: privateKey as Hex })),
        clock.now(),
      );
      await keys.replaceAll(resealed.map((row, i) => ({ ...row, createdAt: stored.rows[i]!.createdAt })));
      await exclusive(() => lockNow('passphrase-change'));
      return { ok: true };
    },
  };
}
