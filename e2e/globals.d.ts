import type { HomeAgentProvider } from '../src/messaging/page/provider';

declare global {
  /** What the page bridge defines on loopback pages (entrypoints/page-bridge.content.ts). */
  interface Window {
    homeAgent: HomeAgentProvider;
  }
}
