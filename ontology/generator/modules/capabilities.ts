import { exportConst, header, moduleText, tsUnion } from '../emit';
import { readCapabilities, readSettings } from './capabilities-read';
import type { ModuleContext, OntologyModule } from './module';

const TYPES = `export type Risk = 'low' | 'medium' | 'high' | 'critical';
export type ArgKind = 'amount' | 'count' | 'dose' | 'recipient' | 'person' | 'organization' | 'text' | 'question'
  | 'token' | 'folder' | 'metric' | 'date' | 'choice';
/** An argument; admission reads its kind (numbersFromTheWords: amount, count, dose; names: recipient, person, organization). */
export type CapabilityArg = {
  readonly name: string; readonly kind: ArgKind; readonly required: boolean; readonly description: string;
  readonly values?: readonly string[];
};
export type CapabilityKind = 'read' | 'act' | 'answer' | 'skill' | 'consult' | 'meta';
export type Executor = 'local' | 'chain' | 'outside-agent' | 'instruction-skill' | 'template';
/** Whose Smart Agent delegates the capability (the mandate's delegator). */
export type Authority = 'addressee' | 'organization' | 'payer' | 'person';

/** What a step IS: authority, risk and effects come from here, never from a plan or a model. */
export type Capability = {
  readonly id: string;
  readonly label: string;
  readonly description: string;
  readonly kind: CapabilityKind;
  readonly executor: Executor;
  /** Reads and answers: no mandate. */
  readonly informational: boolean;
  readonly risk: Risk;
  /** DESIGN §10: the person's own low-risk writes, from their own session (never through ask-as-me). */
  readonly selfAuthorized: boolean;
  readonly authority: Authority;
  /** high / critical: the role whose holders approve (the vault says who holds it). */
  readonly approverRole?: string;
  /** critical: how many approvers. */
  readonly quorum?: number;
  /** critical: the fresh-authorization window in seconds. */
  readonly freshSeconds?: number;
  /** The setting (SETTINGS) above which \`risk\` applies; at or below it, \`riskBelowThreshold\`. */
  readonly thresholdSetting?: string;
  readonly riskBelowThreshold?: Risk;
  readonly effects: readonly string[];
  readonly produces: readonly string[];
  readonly consumes: readonly string[];
  /** Inputs the step cannot do without: plan regression prepends their producers or asks the person for them. */
  readonly needs?: readonly string[];
  readonly args: readonly CapabilityArg[];
  /** Contract utterances: the planner's few-shot examples. */
  readonly utterances: readonly string[];
  /** Grounding words. */
  readonly terms: readonly string[];
  readonly onChain?: { readonly contract: 'usdc'; readonly method: 'transfer' };
  /** An outside agent's step: which agent and which of its A2A skills. */
  readonly outsideAgent?: { readonly agent: 'heartcoach'; readonly skill: string };
  /** An outside agent's step: the folders its proposed records may be filed in (each id in the app's namespace). */
  readonly proposesInto?: readonly string[];
  /** The cabinet folder a cabinet capability reads or writes. */
  readonly folder?: string;
  /** Set on an instruction skill's capability (kind 'skill'): the INSTRUCTION_SKILLS id, equal to this id. */
  readonly skillId?: string;
  /** A fixed answer with {arg} placeholders (ask.clarify, ask.unsupported); skills carry theirs in INSTRUCTION_SKILLS. */
  readonly answerTemplate?: string;
};

/** A person's setting a capability's risk depends on, with its default. */
export type Setting = { readonly id: string; readonly label: string; readonly defaultValue: string };`;

function emit(ctx: ModuleContext): string {
  const capabilities = readCapabilities(ctx.reader);
  const ids = capabilities.map((c) => c.id);
  return moduleText([
    header('Capabilities: what each step is, its risk, its authority, its arguments and its outcome classes.'),
    TYPES,
    `/** Every capability id. */\nexport type CapabilityId = ${tsUnion(ids)};`,
    exportConst(
      'Capabilities by id.',
      'CAPABILITIES',
      'Readonly<Record<string, Capability>>',
      Object.fromEntries(capabilities.map((c) => [c.id, c])),
    ),
    exportConst('Every capability id, sorted.', 'CAPABILITY_IDS', 'readonly CapabilityId[]', ids),
    exportConst(
      'Settings capabilities depend on, by id.',
      'SETTINGS',
      'Readonly<Record<string, Setting>>',
      Object.fromEntries(readSettings(ctx.reader).map((s) => [s.id, s])),
    ),
  ]);
}

/** src/ontology/capabilities.generated.ts */
export const capabilitiesModule: OntologyModule = { file: 'capabilities.generated.ts', emit };
