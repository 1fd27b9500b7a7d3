import type { AskRequest } from '../../protocol/ask';
import type { RoutedStep } from '../../protocol/routed';
import { digestOf } from '../../protocol/digest';
import { classifyOpenIntent } from '../ground/open-intent';
import { normalizeWords } from '../ground/words';
import type { PlaybookScope } from '../playbook/playbook-scope';
import type { HarnessContext } from './context';
import { newStepState, type RunState } from './run-state';
import { newTrace } from './trace';

/** A fresh run's state: the person's words normalized, the open intent, the digest of what was asked. */
export function newRun(
  ctx: HarnessContext,
  message: string,
  who: { asker: `0x${string}`; addressee: `0x${string}`; door: RunState['door'] },
  scope: PlaybookScope | null,
  request: AskRequest,
): RunState {
  const now = ctx.clock.now();
  const words = normalizeWords(message);
  const outcome = classifyOpenIntent(words, ctx.ontology.outcomeClasses);
  const playbook =
    scope === null ? null : { archetypeId: scope.archetypeId, version: scope.archetypeVersion, digest: scope.digest };
  const trace = newTrace();
  trace.openIntent = outcome;
  return {
    schemaVersion: 1,
    runRef: ctx.ids.next('run'),
    status: 'running',
    addressee: who.addressee,
    asker: who.asker,
    door: who.door,
    surface: request.surface,
    words,
    answered: [],
    material: request.material ?? [],
    createdAt: now,
    updatedAt: now,
    expiresAt: now + ctx.settings.runTtlMs,
    playbook,
    ontologyDigest: ctx.ontology.digest,
    intent: {
      outcome,
      digest: digestOf({
        goal: words,
        outcome,
        asker: who.asker,
        addressee: who.addressee,
        ontology: ctx.ontology.digest,
        playbook: playbook?.digest ?? null,
      }),
    },
    plan: null,
    planDigest: null,
    plannedBy: null,
    skillChoice: null,
    steps: [],
    pending: null,
    trace,
    reply: null,
  };
}

/** A routed run starts with the choices the person already made for the routed step (it is the run's only step). */
export function withRoutedStep(state: RunState, routed: RoutedStep | undefined): RunState {
  if (routed === undefined) return state;
  state.steps.push({ ...newStepState(routed.stepRef, 0), chosen: { ...routed.chosen } });
  return state;
}
