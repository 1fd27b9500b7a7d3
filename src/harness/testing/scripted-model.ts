import { HomeError } from '../../protocol/errors';
import type {
  ComposeRequest,
  ComposeResponse,
  JudgeRequest,
  JudgeResponse,
  ModelPort,
  ModelRole,
  PlanChoiceRequest,
  PlanChoiceResponse,
  PlannerRequest,
  PlannerResponse,
  SkillApplyRequest,
  SkillApplyResponse,
} from '../kernel/model-port';

/**
 * The scripted model shipped with the harness (openai-agents-js style): each role answers from a queue of
 * responses or functions of the request, in order, with zero latency; every call is recorded so a test can assert
 * what the harness asked. A role with nothing scripted throws, so an unexpected model call fails loudly.
 */
type Answer<Req, Res> = Res | ((request: Req) => Res | Promise<Res>);
export type ModelScript = {
  judge?: Answer<JudgeRequest, JudgeResponse>[];
  planChoice?: Answer<PlanChoiceRequest, PlanChoiceResponse>[];
  planner?: Answer<PlannerRequest, PlannerResponse>[];
  composer?: Answer<ComposeRequest, ComposeResponse>[];
  skill?: Answer<SkillApplyRequest, SkillApplyResponse>[];
};
export type ModelCall = { role: ModelRole; request: unknown };

export const ZERO_USAGE = { model: 'scripted', inputTokens: 0, cachedInputTokens: 0, outputTokens: 0 } as const;

export class ScriptedModel implements ModelPort {
  readonly provider = 'scripted';
  readonly calls: ModelCall[] = [];
  constructor(
    private readonly script: ModelScript = {},
    private readonly repeatLast = false,
  ) {}

  private async next<Req, Res>(role: ModelRole, queue: Answer<Req, Res>[] | undefined, request: Req): Promise<Res> {
    this.calls.push({ role, request });
    if (queue === undefined || queue.length === 0)
      throw new HomeError('MODEL_UNSCRIPTED', `The scripted model has no ${role} answer left.`);
    const answer = this.repeatLast && queue.length === 1 ? queue[0]! : queue.shift()!;
    return typeof answer === 'function' ? (answer as (r: Req) => Res | Promise<Res>)(request) : answer;
  }
  judgeSkills(r: JudgeRequest) {
    return this.next('judge', this.script.judge, r);
  }
  choosePlan(r: PlanChoiceRequest) {
    return this.next('plan-choice', this.script.planChoice, r);
  }
  plan(r: PlannerRequest) {
    return this.next('planner', this.script.planner, r);
  }
  compose(r: ComposeRequest) {
    return this.next('composer', this.script.composer, r);
  }
  applySkill(r: SkillApplyRequest) {
    return this.next('skill-apply', this.script.skill, r);
  }
  /** How many calls a role received. */
  count(role?: ModelRole): number {
    return this.calls.filter((c) => role === undefined || c.role === role).length;
  }
}

/** A model port that throws on any call: proves a path is decided by the deterministic stages alone. */
export class ThrowingModel extends ScriptedModel {
  constructor() {
    super({});
  }
}

export const scriptedModel = (script: ModelScript = {}, options: { repeatLast?: boolean } = {}) =>
  new ScriptedModel(script, options.repeatLast ?? false);
export const throwingModel = () => new ThrowingModel();

/** Helpers for scripts: a distribution answer and a plan answer with zero usage. */
export const distribution = (d: Record<string, number>): JudgeResponse => ({
  distribution: d,
  usage: { ...ZERO_USAGE },
});
export const planAnswer = (plan: Record<string, unknown>): PlannerResponse => ({ plan, usage: { ...ZERO_USAGE } });
export const textAnswer = (text: string): SkillApplyResponse => ({ text, usage: { ...ZERO_USAGE } });
