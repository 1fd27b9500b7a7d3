import type { ComposeRequest, ComposeResponse } from '../../../harness';
import { modelError } from '../errors';
import { callMessages, type Runtime } from '../messages-call';
import { materialBlock, MATERIAL_RULE, observationsBlock, quoted, requestBlock } from '../untrusted';
import { CitationFilter } from './citations';

/**
 * The grounded composer (seed 001 step 10): the answer the person reads, written from the run's observations only,
 * each use cited inline by the observation's id, an outside agent's words attributed by name. It streams when the
 * caller passes onText (the citation markers are lifted out of the stream). The harness checks the answer
 * (checkGroundedComposition) and asks once more with the problems it found; after that, its grounded fallback.
 */
const RULES = [
  "You write the answer a person's agent gives to the person, from the observations of the steps it ran.",
  'Use only what the observations say. Say no number, name, date or fact that is neither in an observation nor in the request.',
  'Cite every observation you use with its id in square brackets right after the words it supports, like [s1] or [s1, s2]. An answer that uses observations cites at least one.',
  'When an observation has an attribution, say whose words they are by that name ("HeartCoach says …"); never pass an outside agent\'s words off as the agent\'s own.',
  'Plain sentences, no headings; when asked to be brief, two or three sentences.',
  MATERIAL_RULE,
].join('\n');

export async function compose(rt: Runtime, request: ComposeRequest): Promise<ComposeResponse> {
  const filter = new CitationFilter(new Set(request.observations.map((o) => o.id)));
  const user = [requestBlock(request.question), observationsBlock(request.observations)];
  const material = materialBlock(request.material);
  if (material !== '') user.push(material);
  if (request.problems.length > 0) {
    user.push(
      `Your previous answer was not grounded; write it again without these problems:\n${request.problems.map((p) => `- ${quoted(p)}`).join('\n')}`,
    );
  }
  user.push(request.brief ? 'Be brief.' : 'Answer fully but plainly.');
  const onText = request.onText;
  let shown = '';
  const { message, usage } = await callMessages(rt, {
    role: 'composer',
    tier: 'compose',
    system: [{ type: 'text', text: RULES, cache_control: { type: 'ephemeral' } }],
    user: user.join('\n\n'),
    maxTokens: request.brief ? 400 : 900,
    signal: request.signal,
    onText:
      onText === undefined
        ? undefined
        : (delta) => {
            const piece = filter.push(delta);
            shown += piece;
            if (piece !== '') onText(piece);
          },
  });
  const raw = message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
  // Streamed: the filter already saw every delta. Not streamed: run the whole text through it once.
  const rest = onText === undefined ? filter.push(raw) + filter.end() : filter.end();
  if (onText !== undefined && rest !== '') onText(rest);
  const text = (shown + rest).trim();
  if (text === '')
    throw modelError('MODEL_OUTPUT_INVALID', 'The composer wrote nothing, so its answer was not used.', { usage });
  return { text: text.slice(0, 8000), citations: filter.citations.slice(0, 32), usage };
}
