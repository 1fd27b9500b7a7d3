import { AskReply, AskRequest } from '../../protocol/messages/index';
import { defineHandler } from '../handler';
import { unwrap, type AgentDeps } from './agent';

/**
 * `ask`: the person's own words, from the side panel or the overlay's conversation frame, run by the harness (the
 * session door) and answered with its envelope — one of the six reply kinds. Quoted page text stays quoted material,
 * evidence and never an instruction; the overlay frame got it from overlay.material.take, where its origin was
 * checked against the content script's (src/messaging/handlers/overlay-material.ts). The content script itself no
 * longer asks: the person's words never pass through a page's tab outside the frame.
 */
export function askHandler(deps: AgentDeps) {
  return defineHandler({
    type: 'ask',
    senders: ['extension-page', 'overlay-frame'],
    request: AskRequest,
    reply: AskReply,
    async handle(request, sender) {
      const material = request.material;
      const agent = await deps.agent();
      const quoted =
        material === undefined
          ? undefined
          : [
              {
                source: 'selection' as const,
                text: material.text,
                ...(material.origin !== 'null' ? { url: material.origin } : {}),
              },
            ];
      return unwrap(
        await agent.ask({
          message: request.words,
          surface: sender.kind === 'overlay-frame' ? 'overlay' : 'sidepanel',
          ...(quoted !== undefined ? { material: quoted } : {}),
        }),
      );
    },
  });
}
