import type { Result } from '../protocol/errors';
import { toWireError } from '../protocol/errors';
import type { AskResponse } from '../protocol/harness-reply';
import type { Door, HarnessContext } from './kernel/context';
import type { OntologyView } from './kernel/ontology-view';
import { PlaybookCache } from './playbook/playbook';
import type { Ports } from './kernel/ports';
import { runAsk } from './run/run-ask';
import { turnContext } from './kernel/turn-context';
import type { AskControls } from './kernel/turn-controls';
import { DEFAULT_SETTINGS, type HarnessSettings } from './kernel/settings';

/**
 * The person's agent harness: one function per door turn. Construct it once per worker with the ports; every ask
 * (fresh or resumed) goes through `ask`. Expected outcomes — a refusal, a prompt, a mandate to sign — are values;
 * only a broken invariant escapes as an error, and even that reaches the caller as a WireError in words.
 */
export type Harness = {
  /** `controls`: this turn's streamed text and stop signal (src/harness/run/turn-controls.ts). */
  ask(request: unknown, door: Door, controls?: AskControls): Promise<Result<AskResponse>>;
  readonly context: HarnessContext;
};

export function createHarness(
  ports: Ports,
  options: { ontology: OntologyView; settings?: Partial<HarnessSettings> },
): Harness {
  const context: HarnessContext = {
    ...ports,
    ontology: options.ontology,
    settings: { ...DEFAULT_SETTINGS, ...options.settings },
    caches: { playbooks: new PlaybookCache() },
  };
  return {
    context,
    async ask(request, door, controls) {
      try {
        return await runAsk(controls === undefined ? context : turnContext(context, controls), request, door);
      } catch (error) {
        return { ok: false, error: toWireError(error) };
      }
    },
  };
}
