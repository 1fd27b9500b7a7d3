import type { HomeAgent } from '../../agent/index';
import type { AppParts } from './app-parts';
import type { ConsentQueue } from './consents';

/**
 * What the apps' handlers need, built once per worker by the background: the parts connecting signs with (the Home's
 * one vault, chain and keyring), the consent queue, the way to open the consent window, and the person's agent.
 */
export type AppServices = {
  parts: AppParts;
  consents: ConsentQueue;
  /** Opens the consent window for one request (a popup window of the extension's own consent page). */
  openConsent(id: string): Promise<void>;
  agent(): Promise<HomeAgent>;
};

export type AppsDeps = { apps: () => Promise<AppServices> };
