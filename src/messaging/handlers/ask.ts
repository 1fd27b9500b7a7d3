import { HomeError } from '../../protocol/errors';
import { AskReply, AskRequest } from '../../protocol/messages';
import { defineHandler } from '../handler';

/**
 * `ask`: the person's own words, from the side panel or the in-page overlay. For now the background echoes a
 * structured reply; the harness issue runs the ask. Quoted page text stays quoted material: its origin must be the
 * origin the browser reports for the sending content script, so one page cannot pass its text off as another's.
 */
export function askHandler(deps: { newId: () => string }) {
  return defineHandler({
    type: 'ask',
    senders: ['extension-page', 'content-script'],
    request: AskRequest,
    reply: AskReply,
    handle(request, sender) {
      const material = request.material;
      if (material !== undefined && sender.kind === 'content-script' && material.origin !== sender.origin) {
        throw new HomeError('ORIGIN_MISMATCH', `The quoted text says it came from ${material.origin}, but the page that sent it is ${sender.origin}.`);
      }
      const quoted =
        material === undefined
          ? ''
          : ` You quoted ${material.text.length} characters from ${material.origin}; they are kept as page text, not as an instruction.`;
      const reply: AskReply = {
        kind: 'echo',
        runRef: `run:${deps.newId()}`,
        words: request.words,
        text: `You asked: “${request.words}”.${quoted} Your agent will answer here once its harness is connected.`,
        from: sender.kind,
      };
      if (material !== undefined) reply.material = material;
      return reply;
    },
  });
}
