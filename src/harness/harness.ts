import type { Result } from '../protocol/errors';
import { toWireError } from '../protocol/errors';
import type { AskResponse, Requirement } from '../protocol/harness-reply';
import type { RunState } from './kernel/run-state';
import { pendingRequirements, readCheckpoint, runStateOf } from './reply/pending';
import type { Door, HarnessContext } from './kernel/context';
import type { OntologyView } from './kernel/ontology-view';
import { outsideAgentsOf, type OutsideAgentExecutor } from './kernel/outside-agent';
import { PlaybookCache } from './playbook/playbook';
import { specialistsOf, type SpecialistExecutor } from './kernel/specialist';
import type { Ports } from './kernel/ports';
import type { RoomsPort } from './kernel/rooms';
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
  /** `controls`: this turn's streamed text and stop signal (src/harness/kernel/turn-controls.ts). */
  ask(request: unknown, door: Door, controls?: AskControls): Promise<Result<AskResponse>>;
  readonly context: HarnessContext;
  /** What a run waits on the person to sign, read from its checkpoint (never by a turn); refused in words. */
  pendingRequirements(runRef: string): Promise<{ requirement: Requirement; also: Requirement[] }>;
  /** A run's checkpoint as the harness wrote it; refused in words when absent, damaged or expired. */
  runState(runRef: string): Promise<RunState>;
  /** A stored checkpoint read back through the run's schema, or null when it does not fit. */
  readCheckpoint(checkpoint: unknown): RunState | null;
};

export function createHarness(
  ports: Ports,
  options: {
    ontology: OntologyView;
    settings?: Partial<HarnessSettings>;
    /** Outside agents' executors (src/harness/kernel/outside-agent.ts), registered by the composition root. */
    outsideAgents?: readonly OutsideAgentExecutor[];
    /** Specialists a step may be handed to under a child mandate (src/harness/kernel/specialist.ts). */
    specialists?: readonly SpecialistExecutor[];
    /** The rooms a step may be routed to (src/harness/kernel/rooms.ts); unset, nothing is routed. */
    rooms?: RoomsPort;
  },
): Harness {
  const context: HarnessContext = {
    ...ports,
    ontology: options.ontology,
    settings: { ...DEFAULT_SETTINGS, ...options.settings },
    caches: { playbooks: new PlaybookCache() },
    outsideAgents: outsideAgentsOf(options.outsideAgents),
    specialists: specialistsOf(options.specialists),
    rooms: options.rooms ?? null,
  };
  return {
    context,
    pendingRequirements: (runRef) => pendingRequirements(context, runRef),
    runState: (runRef) => runStateOf(context, runRef),
    readCheckpoint,
    async ask(request, door, controls) {
      try {
        return await runAsk(controls === undefined ? context : turnContext(context, controls), request, door);
      } catch (error) {
        return { ok: false, error: toWireError(error) };
      }
    },
  };
}
