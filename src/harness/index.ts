/**
 * The person's agent harness, its public face: everything outside src/harness imports it from here (the shipped
 * fakes from ./testing/index.ts). What is not exported here is the harness's own business and may move.
 * src/harness-boundaries.test.ts and the lint rule in eslint.config.js hold every outside import to these faces.
 */
export { createHarness, type Harness } from './harness';
export type { Door, HarnessContext } from './kernel/context';

// The ports the composition root implements, and the words they share.
export type * from './kernel/ports';
export * from './kernel/model-port';
export type { ToolSpec } from './kernel/tool-spec';

// The ontology the harness reads, its settings, a turn's controls.
export { GENERATED_ONTOLOGY } from './kernel/ontology';
export type { OntologyView } from './kernel/ontology-view';
export { DEFAULT_SETTINGS, type CalibrationMap, type HarnessSettings } from './kernel/settings';
export { STOPPED_SENTENCE, type AskControls, type StepProgress, type StreamPiece } from './kernel/turn-controls';
export { newTrace } from './kernel/trace';

// The checkpoint's persisted shape (read back through the harness: Harness.readCheckpoint, Harness.runState).
export { RunStateSchema, type Pending, type RunState, type StepState } from './kernel/run-state';
export { pendingApprovalOf } from './reply/pending';
export { approvalDigestOf } from './authority/requirement';

// Outside agents: the one executor contract, and what an executor builds its step from.
export type {
  OutsideAgentContext,
  OutsideAgentExecutor,
  OutsideProposals,
  ProposedRecord,
} from './kernel/outside-agent';
export type { ExecInput, StepFailure, StepResult } from './execute/step-result';
export type { HandOffGrant, SpecialistExecutor } from './kernel/specialist';
export type { ForwardedQuery, ForwardedVerdict, Room, RoomsPort, RoutedAnswer } from './kernel/rooms';
export { damagedSeen, type DamagedSeen } from './execute/damaged';

// What the model adapter's prompts are built from (the planner's rules, the judge's cards, the reading).
export { PLANNER_RULES } from './plan/planner';
export { NOT_APPLICABLE_CARD, skillCard } from './judge/judge';
export { calibrate } from './judge/accept';
export type { TypedReading } from './ground/reading';
// The grounding stage alone, for its benchmark (it needs no run).
export { groundAsk } from './ground/ground';
export { knownParties } from './ground/known-parties';
export { buildTools, toolSpec } from './tools/tools';
export { composeAnswer } from './compose/compose';
