import { access, mkdir, readFile } from 'node:fs/promises';
import { cabinetGrantsPort } from '../src/apps/heartcoach/cabinet-grants';
import { dirname } from 'node:path';
import { modelConfigFromEnv } from '../src/adapters/model/config';
import { createAnthropicModel } from '../src/adapters/model/anthropic-model';
import { keyringKeys } from '../src/agent/accounts';
import { initDemo } from '../src/agent/demo';
import { createHomeAgent, type HomeAgent } from '../src/agent/index';
import { loadCalibrationMapText, type LoadedCalibrationMap } from '../src/protocol/calibration-map';
import { HomeError } from '../src/protocol/errors';
import { createKeyring, type Keyring } from '../src/vault/keys/keyring';
import { meetsOwaspFloor, type KdfChoice } from '../src/vault/keys/kdf';
import { memorySessionKeyStore } from '../src/vault/keys/session-keys';
import { openNodeVault } from '../src/vault/node/open-node-vault';
import { exportVaultToFile } from '../src/vault/node/vault-file';
import type { Vault } from '../src/vault/vault';
import { openEmbeddedChain } from '../src/wallet';

/**
 * The command line's Home (DESIGN §10): the vault lives in fake-indexeddb for the length of one command and in an
 * encrypted file between commands (the vault's own export format, Node file helpers), the embedded chain's state
 * inside it (the chainState table), so a revocation or a payment made by one command is there for the next. Keys
 * stay sealed in the file; the keyring is unlocked with the passphrase only when a key is needed.
 */
export const DEMO_PASSPHRASE = 'alice demo passphrase';

/** Tests only: scrypt below OWASP's floor, marked so (the file records it; the vault refuses it unmarked). */
const TEST_KDF: KdfChoice = { name: 'scrypt', N: 2 ** 10, r: 8, p: 1, testOnly: true };

export type CliHome = { agent: HomeAgent; vault: Vault; keyring: Keyring; save(): Promise<void> };

export function passphraseFromEnv(env: NodeJS.ProcessEnv): string {
  const given = env.HOME_AGENT_PASSPHRASE;
  return given !== undefined && given !== '' ? given : DEMO_PASSPHRASE;
}

const kdfFromEnv = (env: NodeJS.ProcessEnv): KdfChoice | undefined =>
  env.HOME_AGENT_TEST_KDF === '1' ? TEST_KDF : undefined;

/**
 * `--calibration FILE`: the map is read and checked (shape and digest, refused in words) whether or not a model is
 * configured; without one nothing judges, so the map is unused and the door says so on stderr.
 */
export async function calibrationFromFile(
  file: string | undefined,
  env: NodeJS.ProcessEnv,
  warn: (line: string) => void,
): Promise<LoadedCalibrationMap | null> {
  if (file === undefined) return null;
  const text = await readFile(file, 'utf8').catch(() => {
    throw new HomeError('CALIBRATION_MAP_INVALID', `There is no calibration map to read at ${file}.`);
  });
  const map = loadCalibrationMapText(text);
  if (modelConfigFromEnv(env) !== null) return map;
  warn(
    'The calibration map is unused: no model is configured (ANTHROPIC_API_KEY or ANTHROPIC_BASE_URL), so nothing judges.',
  );
  return null;
}

export async function openCliHome(
  path: string,
  env: NodeJS.ProcessEnv,
  mode: 'existing' | 'create',
  calibration: LoadedCalibrationMap | null = null,
): Promise<CliHome> {
  const passphrase = passphraseFromEnv(env);
  const kdf = kdfFromEnv(env);
  const exists = await access(path).then(
    () => true,
    () => false,
  );
  if (mode === 'create' && exists)
    throw new HomeError(
      'VAULT_EXISTS',
      `There is already a vault at ${path}; remove it first or name another with --vault.`,
    );
  if (mode === 'existing' && !exists)
    throw new HomeError(
      'NO_VAULT',
      `There is no vault at ${path}. Create the demo one with: npm run ask -- --init-demo --vault ${path}`,
    );
  const { vault, secrets } = await openNodeVault({ path, passphrase });
  // Saved again under the key that opened it (its own salt, a fresh IV): one stretch per command, not two — unless
  // it was sealed below OWASP's floor and this command is no test, when a save stretches afresh at the floor.
  const reseal =
    secrets !== undefined && (meetsOwaspFloor(secrets.kdf) || kdf?.testOnly === true) ? secrets : undefined;
  const keyring = createKeyring({
    keys: vault.keys,
    session: memorySessionKeyStore(),
    clock: vault.clock,
    ...(kdf !== undefined ? { kdf } : {}),
  });
  let unlocked = false;
  const keys = keyringKeys(keyring);
  const chain = await openEmbeddedChain({ store: vault.chainState() });
  const config = modelConfigFromEnv(env);
  const agent = createHomeAgent({
    ...cabinetGrantsPort(vault),
    vault,
    chain,
    keys: async (purpose) => {
      if (!unlocked) {
        const opened = await keyring.unlock(passphrase);
        if (!opened.ok) throw new HomeError(opened.code, opened.message);
        unlocked = true;
      }
      return keys(purpose);
    },
    model: config === null ? null : createAnthropicModel(config),
    // As in the extension: an organization's step goes to its own agent (src/agent/rooms.ts).
    routing: true,
    ...(calibration !== null ? { settings: { calibration } } : {}),
  });
  if (mode === 'create') await initDemo(vault, chain, { passphrase, ...(kdf !== undefined ? { kdf } : {}) });
  return {
    agent,
    vault,
    keyring,
    async save() {
      await mkdir(dirname(path), { recursive: true });
      await exportVaultToFile(vault, path, passphrase, {
        ...(kdf !== undefined ? { kdf } : {}),
        ...(reseal !== undefined ? { secrets: reseal } : {}),
      });
    },
  };
}
