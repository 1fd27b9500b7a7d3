import {
  HomeDemoLoadRequest,
  HomeLockRequest,
  HomeStatusRequest,
  HomeUnlockRequest,
} from '../../protocol/messages/home';
import { DemoLoaded, HomeStatus, Locked } from '../../protocol/messages/home-replies';
import type { HomeDeps } from '../../home/services';
import { loadDemoHome, lockHome, unlockHome } from '../../home/session';
import { homeStatus } from '../../home/status';
import { defineHandler } from '../handler';

/** Status, unlock, lock and the demo profile. Lock is also open to the popup and side panel (extension pages). */
export function homeSessionHandlers(deps: HomeDeps) {
  return [
    defineHandler({
      type: 'home.status',
      senders: ['extension-page'],
      request: HomeStatusRequest,
      reply: HomeStatus,
      handle: async () => homeStatus(await deps.home()),
    }),
    defineHandler({
      type: 'home.unlock',
      senders: ['extension-page'],
      request: HomeUnlockRequest,
      reply: HomeStatus,
      handle: async ({ passphrase }) => unlockHome(await deps.home(), passphrase),
    }),
    defineHandler({
      type: 'home.lock',
      senders: ['extension-page'],
      request: HomeLockRequest,
      reply: Locked,
      handle: async () => lockHome(await deps.home()),
    }),
    defineHandler({
      type: 'home.demo.load',
      senders: ['extension-page'],
      request: HomeDemoLoadRequest,
      reply: DemoLoaded,
      handle: async ({ passphrase }) => loadDemoHome(await deps.home(), passphrase),
    }),
  ];
}
