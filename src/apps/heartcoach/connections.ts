import type { Address, Hex } from 'viem';

/**
 * An app the person connected to their agent: its origin, its agent (the delegate of their grants), the
 * card digest pinned at connection, and the agent's own session with it (a one-hour access JWT and a thirty-day
 * refresh token from the app's SIWE sign-in). Kept in extension storage, not in the vault: a live credential does
 * not belong in a backup file, and reconnecting asks the person again.
 */
export type AppSession = {
  accessToken: string;
  accessExpiresAt: number;
  refreshToken: string;
  refreshExpiresAt: number;
  subject: Address;
};
export type AppConnection = {
  origin: string;
  name: string;
  agent: Address;
  cardDigest: Hex;
  connectedAt: number;
  session: AppSession | null;
};

export interface ConnectionStore {
  get(origin: string): Promise<AppConnection | null>;
  put(connection: AppConnection): Promise<void>;
  delete(origin: string): Promise<void>;
  list(): Promise<AppConnection[]>;
}

/** In memory (tests, the command line). */
export function memoryConnections(): ConnectionStore {
  const rows = new Map<string, AppConnection>();
  return {
    get: async (origin) => structuredClone(rows.get(origin) ?? null),
    put: async (c) => void rows.set(c.origin, structuredClone(c)),
    delete: async (origin) => void rows.delete(origin),
    list: async () => [...rows.values()].map((c) => structuredClone(c)),
  };
}
