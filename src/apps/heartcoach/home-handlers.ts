import type { AppsDeps } from './app-services';
import { loadClinicianProfile } from './clinician-profile';
import { liveGrants } from './app-parts';
import { appViews, changeFolders, connectFromHome, disconnectApp } from './connect';
import { CABINET_FOLDERS } from '../../vault/records/cabinet';
import { approved, card, openConsent, personView } from './consent-flow';
import type { HomeDeps } from '../../home/services';
import { HomeError } from '../../protocol/errors';
import {
  AppConnectionView,
  AppConnectRequest,
  AppDisconnectRequest,
  AppFoldersRequest,
  AppsListReply,
  AppsListRequest,
  ClinicianDemoReply,
  ClinicianDemoRequest,
  ConsentDecideRequest,
  ConsentGetRequest,
  ConsentOutcome,
  ConsentView,
  APP_REPLIES,
} from '../../protocol/messages/heartcoach';
import { defineHandler } from '../../messaging/handler';

/**
 * The consent window and the options page's connected apps, extension pages only. The consent window reads
 * one request by its id and the person decides it there — approving while the Home is locked is refused in words
 * (unlock first); the options page lists connections, withdraws folders (a new grant) and disconnects.
 */
export function appHandlers(deps: AppsDeps & HomeDeps) {
  return [
    defineHandler({
      type: 'demo.clinician.load',
      senders: ['extension-page'],
      request: ClinicianDemoRequest,
      reply: ClinicianDemoReply,
      async handle({ identity, passphrase }) {
        const services = await deps.home();
        return loadClinicianProfile(services, { identity, passphrase });
      },
    }),
    defineHandler({
      type: 'consent.get',
      senders: ['extension-page'],
      request: ConsentGetRequest,
      reply: ConsentView,
      async handle({ id }) {
        const s = await deps.apps();
        return { ...s.consents.view(id), locked: (await s.parts.keys('owner')) === undefined };
      },
    }),
    defineHandler({
      type: 'consent.decide',
      senders: ['extension-page'],
      request: ConsentDecideRequest,
      reply: ConsentOutcome,
      async handle({ id, approve, folders, kinds, reason }) {
        const s = await deps.apps();
        if (!approve) return s.consents.decide(id, { approve: false, reason: reason ?? 'you declined in Home Agent' });
        if ((await s.parts.keys('owner')) === undefined)
          throw new HomeError('LOCKED', 'Unlock your Home first: approving signs with your key.');
        return s.consents.decide(id, { approve: true, folders: folders ?? [], kinds: kinds ?? [] });
      },
    }),
    defineHandler({
      type: 'apps.list',
      senders: ['extension-page'],
      request: AppsListRequest,
      reply: AppsListReply,
      handle: async () => ({ apps: await appViews((await deps.apps()).parts) }),
    }),
    defineHandler({
      type: 'apps.connect',
      senders: ['extension-page'],
      request: AppConnectRequest,
      reply: AppConnectionView,
      async handle({ origin }) {
        const s = await deps.apps();
        const appCard = await card(s, origin);
        const person = await personView(s);
        const pinned = await s.parts.store.get(origin);
        const granted = (await liveGrants(s.parts, person.address, origin))[0]?.folders ?? [];
        const consent = await openConsent(s, {
          kind: 'connect',
          origin,
          person,
          wire: null,
          signIn: null,
          agent: { name: appCard.name, address: appCard.agent, cardDigest: appCard.digest, chainId: appCard.chainId },
          cardChanged: pinned !== null && pinned.cardDigest !== appCard.digest,
          folders: { requested: [...CABINET_FOLDERS], granted: [...granted] },
        });
        return approved(
          consent,
          (folders) => connectFromHome(s.parts, { card: appCard, folders }),
          (v) => `Connected; ${appCard.name} may read ${v.grant?.folders.join(', ') ?? 'no folder'}.`,
        );
      },
    }),
    defineHandler({
      type: 'apps.folders',
      senders: ['extension-page'],
      request: AppFoldersRequest,
      reply: AppConnectionView,
      handle: async ({ origin, folders }) => changeFolders((await deps.apps()).parts, origin, folders),
    }),
    defineHandler({
      type: 'apps.disconnect',
      senders: ['extension-page'],
      request: AppDisconnectRequest,
      reply: APP_REPLIES['apps.disconnect'],
      handle: async ({ origin }) => disconnectApp((await deps.apps()).parts, origin),
    }),
  ];
}
