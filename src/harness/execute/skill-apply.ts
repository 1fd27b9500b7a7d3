import { digestOfText } from '../../protocol/digest';
import type { HarnessContext } from '../kernel/context';
import { SkillApplyResponseSchema } from '../kernel/model-port';
import { callModel } from '../kernel/model-call';
import { skillGuide } from './skill-guide';
import type { ExecInput, StepFailure, StepResult } from './step-result';

/**
 * An instruction skill at answer time (seed 001 step 9.3): the body is pinned by digest and refused if the
 * commitment moved; the model runs once under it with the question, the earlier steps' outputs and the quoted
 * material (1400 tokens; 600 when brief). The answer is rendered with the skill's answer template. A literal in the
 * skill's material argument (what the person answered when the run asked for an input, ../plan/regression-stage.ts)
 * joins the question; a `$ref` there arrives as an earlier step's output instead.
 */
export async function applyInstructionSkill(ctx: HarnessContext, input: ExecInput): Promise<StepResult | StepFailure> {
  const skill = input.tool.skill;
  if (skill === null)
    return { failed: true, code: 'NOT_A_SKILL', reason: `${input.tool.id} is not an instruction skill.` };
  if (digestOfText(skill.body) !== skill.bodyDigest) {
    return {
      failed: true,
      code: 'SKILL_COMMITMENT_MOVED',
      reason: `The ${skill.label} skill's text no longer matches its pinned digest, so it was not used.`,
    };
  }
  // No model: nothing is drafted; the answer is the skill's own pinned method, said as such.
  if (ctx.model === null) return skillGuide(skill);
  const brief = input.words.length < 80;
  const res = await callModel(ctx, input.trace, 'skill-apply', SkillApplyResponseSchema, (m) =>
    m.applySkill({
      skillId: skill.id,
      body: skill.body,
      bodyDigest: skill.bodyDigest,
      question: questionOf(input),
      inputs: input.inputs,
      material: input.material,
      maxTokens: brief ? 600 : 1400,
    }),
  );
  if (!res.ok)
    return { failed: true, code: 'SKILL_FAILED', reason: `The ${skill.label} skill could not answer (${res.reason}).` };
  const text = skill.answerTemplate.replaceAll('{label}', skill.label).replaceAll('{text}', res.value.text);
  return {
    text,
    value: res.value.text,
    source: 'instruction-skill',
    observation: 'committed',
    reconciled: false,
    templated: skill.answerTemplate.includes('{text}'),
  };
}

function questionOf(input: ExecInput): string {
  const question = String(input.args.question ?? input.words);
  const given = input.args.material;
  return typeof given === 'string' && given.trim() !== '' && given !== question ? `${question}\n\n${given}` : question;
}
