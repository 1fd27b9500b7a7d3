import { HomeError } from '../../protocol/errors';
import { z } from 'zod';
import type { AppConnection, ConnectionStore } from './connections';

/** The part of chrome.storage.local this adapter uses (injectable so Node tests can drive it). */
export type ChromeLocalArea = {
  get(keys: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
};

/** The part of chrome.storage.session it uses: where the access and refresh tokens are kept. */
export type ChromeSessionTokenArea = ChromeLocalArea & {
  setAccessLevel(options: { accessLevel: 'TRUSTED_CONTEXTS' | 'TRUSTED_AND_UNTRUSTED_CONTEXTS' }): Promise<void>;
};

const SLOT = 'home-agent/app-connections';
const SESSIONS = 'home-agent/app-sessions';
const Hex = z.string().regex(/^0x[0-9a-fA-F]*$/);
const Connection = z.strictObject({
  origin: z.string().max(512),
  name: z.string().max(120),
  agent: Hex.length(42),
  cardDigest: Hex.length(66),
  connectedAt: z.number().int(),
  session: z
    .strictObject({
      accessToken: z.string().max(4096),
      accessExpiresAt: z.number(),
      refreshToken: z.string().max(512),
      refreshExpiresAt: z.number(),
      subject: Hex.length(42),
    })
    .nullable(),
});
const Stored = z.record(z.string().max(512), Connection);
const StoredSessions = z.record(z.string().max(512), Connection.shape.session.unwrap());

/** Said when the browser would not close session storage to content scripts: the tokens are then never kept. */
export const UNRESTRICTED =
  "Home Agent could not keep your connected apps' sign-ins (HeartCoach's) out of reach of web pages: the browser refused to restrict its session storage. HeartCoach stays signed out until Home Agent restarts.";

/**
 * Connected apps: the connection (origin, name, agent, card) in `chrome.storage.local`, and the app's access and
 * refresh tokens in `chrome.storage.session`, which `restrict()` at background start closes to content scripts
 * (TRUSTED_CONTEXTS). If the browser refuses, `restrict()` rejects in words and no token is ever kept or read: the
 * app reads as signed out. A token found in local storage (an older layout) is never read. What does not fit the
 * schema is dropped and read as not connected (fail closed: the person reconnects).
 */
export function chromeConnections(
  area: ChromeLocalArea = chrome.storage.local as unknown as ChromeLocalArea,
  sessions: ChromeSessionTokenArea = chrome.storage.session as unknown as ChromeSessionTokenArea,
): ConnectionStore & { restrict(): Promise<void> } {
  let restricted: Promise<boolean> | null = null;
  const restrictOnce = () =>
    (restricted ??= sessions.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' }).then(
      () => true,
      () => false,
    ));
  const readSessions = async (): Promise<Record<string, AppConnection['session']>> => {
    if (!(await restrictOnce())) return {};
    const parsed = StoredSessions.safeParse((await sessions.get(SESSIONS))[SESSIONS] ?? {});
    return parsed.success ? (parsed.data as Record<string, AppConnection['session']>) : {};
  };
  const read = async (): Promise<Record<string, AppConnection>> => {
    const parsed = Stored.safeParse((await area.get(SLOT))[SLOT] ?? {});
    if (!parsed.success) return {};
    const tokens = await readSessions();
    return Object.fromEntries(
      Object.entries(parsed.data).map(([origin, c]) => [origin, { ...c, session: tokens[origin] ?? null }]),
    ) as Record<string, AppConnection>;
  };
  const write = async (all: Record<string, AppConnection>) => {
    const bare = Object.fromEntries(Object.entries(all).map(([o, c]) => [o, { ...c, session: null }]));
    const tokens = Object.fromEntries(
      Object.entries(all).flatMap(([o, c]) => (c.session === null ? [] : [[o, c.session]])),
    );
    if (Object.keys(tokens).length > 0 && !(await restrictOnce()))
      throw new HomeError('SESSION_UNRESTRICTED', UNRESTRICTED);
    await area.set({ [SLOT]: bare });
    if (await restrictOnce()) await sessions.set({ [SESSIONS]: tokens });
  };
  return {
    restrict: async () => {
      if (!(await restrictOnce())) throw new HomeError('SESSION_UNRESTRICTED', UNRESTRICTED);
    },
    get: async (origin) => (await read())[origin] ?? null,
    put: async (c) => write({ ...(await read()), [c.origin]: Connection.parse(c) as AppConnection }),
    delete: async (origin) => {
      const all = await read();
      delete all[origin];
      await write(all);
    },
    list: async () => Object.values(await read()),
  };
}
