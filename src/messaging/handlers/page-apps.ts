import { liveGrants } from '../../apps/heartcoach/app-parts';
import type { AppsDeps } from '../../apps/heartcoach/app-services';
import { connectApp, grantable } from '../../apps/heartcoach/connect';
import { HomeError } from '../../protocol/errors';
import {
  HomeAskReply,
  HomeAskRequest,
  HomeConnectReply,
  HomeConnectRequest,
  HomeGrantAskAsMeReply,
  HomeGrantAskAsMeRequest,
} from '../../protocol/page-provider-app';
import { defineHandler } from '../handler';
import { WIRE_READ_KINDS, type WireRead } from '../../protocol/delegation';
import { approved, card, openConsent, personView } from '../../apps/heartcoach/consent-flow';
import type { SenderContext } from '../sender';

/**
 * The page methods for connected apps (DESIGN §10 "Doors and permissions"). `home_connect` and `home_grantAskAsMe` open the
 * person's consent window and sign nothing until they approve there; the app's agent is read from the card at the
 * page's own origin (the browser's record of the sender, never the page's word). `home_ask` is ask-as-me: the agent
 * admits the wire and the app's caller assertion, and answers as the person — acts wait for the person's own popup.
 */
export function pageAppHandlers(deps: AppsDeps) {
  return [
    defineHandler({
      type: 'home_connect',
      senders: ['page'],
      request: HomeConnectRequest,
      reply: HomeConnectReply,
      async handle({ params }, sender: SenderContext) {
        const s = await deps.apps();
        const appCard = await card(s, sender.origin);
        const person = await personView(s);
        const pinned = await s.parts.store.get(sender.origin);
        const granted =
          params.folders === undefined
            ? []
            : ((await liveGrants(s.parts, person.address, sender.origin))[0]?.folders ?? []);
        const consent = await openConsent(s, {
          kind: 'connect',
          origin: sender.origin,
          person,
          wire: null,
          agent: { name: appCard.name, address: appCard.agent, cardDigest: appCard.digest, chainId: appCard.chainId },
          cardChanged: pinned !== null && pinned.cardDigest !== appCard.digest,
          signIn: { domain: new URL(sender.origin).host, statement: `Sign in to ${appCard.name} with Home Agent.` },
          folders: params.folders === undefined ? null : { requested: [...params.folders], granted: [...granted] },
        });
        return approved(
          consent,
          (folders) =>
            connectApp(s.parts, {
              card: appCard,
              nonce: params.nonce,
              connectAgent: params.folders !== undefined,
              folders: grantable(params.folders ?? [], folders),
            }),
          (r) =>
            r.connected === null
              ? `Signed in to ${appCard.name}.`
              : `Signed in; ${appCard.name} may read ${r.connected.folders.join(', ') || 'no folder'}.`,
        );
      },
    }),
    defineHandler({
      type: 'home_grantAskAsMe',
      senders: ['page'],
      request: HomeGrantAskAsMeRequest,
      reply: HomeGrantAskAsMeReply,
      async handle({ params }, sender: SenderContext) {
        const s = await deps.apps();
        const appCard = await card(s, sender.origin);
        const pinned = await s.parts.store.get(sender.origin);
        const expiresAt = new Date(s.parts.now() + params.days * 86_400_000).toISOString();
        const person = await personView(s);
        // What it may read by default: the folders of its cabinet grant; every other kind only when ticked.
        const folders = (await liveGrants(s.parts, person.address, sender.origin))[0]?.folders ?? [];
        let read: WireRead = { folders: [], kinds: [] };
        const consent = await openConsent(s, {
          kind: 'grant',
          origin: sender.origin,
          person,
          signIn: null,
          folders: null,
          agent: { name: appCard.name, address: appCard.agent, cardDigest: appCard.digest, chainId: appCard.chainId },
          cardChanged: pinned !== null && pinned.cardDigest !== appCard.digest,
          wire: {
            capability: 'harness.ask',
            mayAsk: true,
            mayAct: false,
            expiresAt,
            read: { folders: [...folders], kinds: [...WIRE_READ_KINDS] },
          },
        });
        return approved(
          consent,
          async (ticked, kinds) => {
            read = { folders: grantable(folders, ticked), kinds: [...new Set(kinds)].sort() };
            const granted = await (
              await s.agent()
            ).grantAskAsMe({ delegate: appCard.agent, origin: sender.origin, days: params.days, read });
            return {
              hash: granted.hash,
              wire: granted.wire as unknown as Record<string, unknown>,
              expiresAt: new Date(granted.wire.scope.window.validBefore * 1000).toISOString(),
            };
          },
          (r) =>
            `${appCard.name} may ask your agent as you until ${r.expiresAt.slice(0, 10)} — ask, never act — and have answered ${readWords(read)}.`,
        );
      },
    }),
    defineHandler({
      type: 'home_ask',
      senders: ['page'],
      request: HomeAskRequest,
      reply: HomeAskReply,
      async handle({ params }, sender: SenderContext) {
        const s = await deps.apps();
        const agent = await s.agent();
        // The app's name as the person connected it (its card, pinned then): how its requests are shown to them.
        const connected = await s.parts.store.get(sender.origin);
        const result = await agent.harness.ask(params.request, {
          kind: 'ask-as-me',
          origin: sender.origin,
          credential: params.credential,
          ...(connected !== null ? { app: connected.name } : {}),
        });
        if (!result.ok) throw new HomeError(result.error.code, result.error.message);
        return result.data;
      },
    }),
  ];
}

/** What a wire's read scope lets the app have answered, in words. */
function readWords(read: WireRead): string {
  const all = [...read.folders.map((f) => `your ${f}`), ...read.kinds.map((k) => `your ${k}`)];
  return all.length === 0 ? 'nothing of yours' : all.join(', ');
}
