import { z } from 'zod';
import type { AppConnection, ConnectionStore } from './connections';

/** The part of chrome.storage.local this adapter uses (injectable so Node tests can drive it). */
export type ChromeLocalArea = {
  get(keys: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  setAccessLevel?(options: { accessLevel: 'TRUSTED_CONTEXTS' | 'TRUSTED_AND_UNTRUSTED_CONTEXTS' }): Promise<void>;
};

const SLOT = 'home-agent/app-connections';
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

/**
 * Connected apps in `chrome.storage.local` (they survive a browser restart, as a thirty-day session should), readable
 * by trusted contexts only — `restrict()` at background start keeps content scripts out. What does not fit the schema
 * is dropped and read as not connected (fail closed: the person reconnects).
 */
export function chromeConnections(
  area: ChromeLocalArea = chrome.storage.local as unknown as ChromeLocalArea,
): ConnectionStore & { restrict(): Promise<void> } {
  const read = async (): Promise<Record<string, AppConnection>> => {
    const parsed = Stored.safeParse((await area.get(SLOT))[SLOT] ?? {});
    return parsed.success ? (parsed.data as Record<string, AppConnection>) : {};
  };
  const write = (all: Record<string, AppConnection>) => area.set({ [SLOT]: all });
  return {
    restrict: async () => {
      await area.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' }).catch(() => undefined);
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
