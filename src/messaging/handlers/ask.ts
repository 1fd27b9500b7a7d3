import { HomeError } from '../../protocol/errors';
import { AskReply, AskRequest } from '../../protocol/messages';
import { defineHandler } from '../handler';
import { unwrap, type AgentDeps } from './agent';

/**
 * `ask`: the person's own words, from the side panel or the in-page overlay, run by the harness (the session door)
 * and answered with its envelope — one of the six reply kinds. Quoted page text stays quoted material: its origin
 * must be the origin the browser reports for the sending content script, so one page cannot pass its text off as
 * another's, and the harness treats it as evidence, never as an instruction.
 */
export function askHandler(deps: AgentDeps) {
  return defineHandler({
    type: 'ask',
    senders: ['extension-page', 'content-script'],
    request: AskRequest,
    reply: AskReply,
    async handle(request, sender) {
      const material = request.material;
      if (material !== undefined && sender.kind === 'content-script' && material.origin !== sender.origin) {
        throw new HomeError('ORIGIN_MISMATCH', `The quoted text says it came from ${material.origin}, but the page that sent it is ${sender.origin}.`);
      }
      const agent = await deps.agent();
      const quoted = material === undefined ? undefined : [{ source: 'selection' as const, text: material.text, ...(material.origin !== 'null' ? { url: material.origin } : {}) }];
      return unwrap(await agent.ask({ message: request.words, surface: sender.kind === 'content-script' ? 'overlay' : 'sidepanel', ...(quoted !== undefined ? { material: quoted } : {}) }));
    },
  });
}
