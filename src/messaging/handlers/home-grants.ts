import { HomeGrantsRequest, HomeMandatesRequest, HomeRevokeRequest } from '../../protocol/messages/home';
import { GrantsView, MandatesView, Revoked } from '../../protocol/messages/home-replies';
import { grantsView, mandatesView, revokeGiven } from '../../home/grants';
import type { HomeDeps } from '../../home/services';
import { defineHandler } from '../handler';

/** Grants given (ask-as-me wires, cabinet grants) and mandates, each revocable on chain. Home pages only. */
export function homeGrantHandlers(deps: HomeDeps) {
  return [
    defineHandler({
      type: 'home.grants.list',
      senders: ['extension-page'],
      request: HomeGrantsRequest,
      reply: GrantsView,
      handle: async () => grantsView((await deps.home()).vault),
    }),
    defineHandler({
      type: 'home.mandates.list',
      senders: ['extension-page'],
      request: HomeMandatesRequest,
      reply: MandatesView,
      handle: async () => mandatesView((await deps.home()).vault),
    }),
    defineHandler({
      type: 'home.revoke',
      senders: ['extension-page'],
      request: HomeRevokeRequest,
      reply: Revoked,
      handle: async ({ kind, hash }) => revokeGiven(await deps.home(), kind, hash),
    }),
  ];
}
