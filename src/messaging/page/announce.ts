import type { HomeAgentProvider } from './provider';

/**
 * Discovery in the manner of EIP-6963, under names of our own: `window.homeAgent` is not an Ethereum provider, so it
 * must not appear in a wallet picker (`eip6963:*`). The bridge dispatches `homeAgent:announceProvider` on install
 * and again whenever the page dispatches `homeAgent:requestProvider`, so a script that loads late still finds it.
 */
export const ANNOUNCE_EVENT = 'homeAgent:announceProvider';
export const REQUEST_EVENT = 'homeAgent:requestProvider';

/** A small house on a plain background, as an SVG data URI (EIP-6963 asks for an icon of at least 96×96). */
const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 96 96'%3E%3Crect width='96' height='96' rx='20' fill='%231f4e79'/%3E%3Cpath d='M20 48 48 24l28 24v26H56V58H40v16H20z' fill='%23fff'/%3E%3C/svg%3E";

export type HomeAgentProviderInfo = { uuid: string; name: 'Home Agent'; icon: string };
export type HomeAgentAnnouncement = { info: HomeAgentProviderInfo; provider: HomeAgentProvider };

export type AnnounceWindow = {
  addEventListener(type: string, listener: () => void): void;
  dispatchEvent(event: Event): boolean;
};

export function announceHomeAgent(win: AnnounceWindow, provider: HomeAgentProvider, uuid: string): void {
  const detail: HomeAgentAnnouncement = Object.freeze({
    info: Object.freeze({ uuid, name: 'Home Agent' as const, icon: ICON }),
    provider,
  });
  const announce = () => void win.dispatchEvent(new CustomEvent(ANNOUNCE_EVENT, { detail }));
  win.addEventListener(REQUEST_EVENT, announce);
  announce();
}
