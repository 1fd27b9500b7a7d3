import { z } from 'zod';
import { CoachAnswer, type Proposed } from '../../protocol/heartcoach';
import { authorizeStep } from '../authority/authority';
import type { StepResult } from '../execute/step-result';
import { buildReceipt } from '../receipts/receipt';
import { checkpoint, personWords, type RunEnv } from '../kernel/run-env';
import type { StepState } from '../kernel/run-state';

/**
 * Filing what HeartCoach proposed (DESIGN §6, §10): the logged reading, the dose tick, the symptom and the CoachInsight
 * come back in the answer, and the person's agent files them in the person's own cabinet under its own gates — each
 * a self-authorized write (the ontology's cabinet.*.log / cabinet.guidance.file, low risk, own records) from the
 * person's own session, each with its receipt (presentedRef: self). Through ask-as-me nothing is filed: an app
 * asking as the person never writes their records, and the answer says so.
 */
const Consulted = z.object({ kind: z.literal('heartcoach.answer'), answer: CoachAnswer });

type Proposal = { capability: string; folder: string; id: string; data: Record<string, unknown>; what: string };

function describeProposed(p: Proposed): string {
  switch (p.folder) {
    case 'readings':
      return `your ${p.record.metric} reading (${p.record.value}${p.record.unit === '' ? '' : ` ${p.record.unit}`})`;
    case 'doses':
      return `your ${p.record.drug} dose`;
    case 'symptoms':
      return `the symptom “${p.record.text.slice(0, 80)}”`;
  }
}

export async function fileCoachProposals(env: RunEnv, st: StepState): Promise<void> {
  const { ctx, state } = env;
  const result: StepResult | undefined = st.result;
  const consulted = Consulted.safeParse(result?.value);
  if (result === undefined || !consulted.success) return;
  const answer = consulted.data.answer;
  const filings: Proposal[] = answer.proposed.map((p) => ({
    capability: `cabinet.${p.folder}.log`,
    folder: p.folder,
    id: p.record.id,
    data: p.record as Record<string, unknown>,
    what: describeProposed(p),
  }));
  if (answer.insight !== null) {
    filings.push({
      capability: 'cabinet.guidance.file',
      folder: 'guidance',
      id: answer.insight.record.id,
      data: answer.insight.record as Record<string, unknown>,
      what: 'HeartCoach’s insight',
    });
  }
  if (filings.length === 0) return;
  const note = (filing: FilingNote) => {
    result.value = { ...(result.value as object), filing };
  };
  if (state.door.kind !== 'session' || env.door.kind !== 'session') {
    note({
      filed: 0,
      note: `Not filed: ${filings.map((f) => f.what).join(', ')} — an app asking as you never writes your records; ask from your own Home Agent to keep them.`,
    });
    await checkpoint(env);
    return;
  }
  const filed: string[] = [];
  const notFiled: string[] = [];
  for (const [n, f] of filings.entries()) {
    const tool = env.tools.get(f.capability);
    if (tool === undefined) {
      notFiled.push(`${f.what} (this agent's playbook does not file ${f.folder})`);
      continue;
    }
    const stepRef = `${st.stepRef}.file-${n + 1}`;
    const args = { folder: f.folder, id: f.id };
    const decision = await authorizeStep(ctx, {
      tool,
      args,
      argSources: { folder: 'outside-agent', id: 'outside-agent' },
      stepRef,
      run: {
        runRef: state.runRef,
        planDigest: state.planDigest!,
        ontologyDigest: state.ontologyDigest,
        playbookDigest: state.playbook?.digest ?? null,
        words: personWords(state),
      },
      asker: state.asker,
      addressee: state.addressee,
      door: 'session',
      suppliedMandate: null,
      approvals: [],
      executing: false,
    });
    if (decision.kind !== 'self') {
      notFiled.push(`${f.what} (only your own records, from your own session, are filed without a mandate)`);
      continue;
    }
    const now = ctx.clock.now();
    await ctx.vault.records.put({
      id: f.id,
      type: `cabinet.${f.folder}`,
      owner: state.addressee,
      data: f.data,
      createdAt: now,
      updatedAt: now,
    });
    const text = `Filed ${f.what} in your cabinet.`;
    await ctx.vault.receipts.put(
      buildReceipt({
        id: `receipt:${state.runRef}:${stepRef}`,
        runRef: state.runRef,
        stepRef,
        tool,
        playbook: state.playbook,
        ontologyVersion: ctx.ontology.version,
        intentDigest: state.intent.digest,
        principal: state.asker,
        subject: state.addressee,
        resource: null,
        authority: state.addressee,
        argSources: { folder: 'outside-agent', id: 'outside-agent' },
        standing: env.relation,
        actor: env.harnessAgent,
        words: state.words,
        args,
        plannedArgs: {},
        derivation: 'outside-agent',
        presentedRef: 'self',
        mandateHash: null,
        result: { text, value: null, source: 'vault', observation: 'committed', reconciled: false, templated: true },
        status: 'committed',
        attests: { text, proposedBy: 'HeartCoach', record: f.id, consultReceipt: st.receiptId ?? null },
        at: now,
      }),
    );
    ctx.trace.event({
      type: 'harness.step.committed',
      runRef: state.runRef,
      stepRef,
      at: now,
      detail: { toolId: tool.id, observation: 'committed', presentedRef: 'self' },
    });
    filed.push(f.what);
  }
  const said = [
    ...(filed.length > 0 ? [`Filed in your cabinet: ${filed.join(', ')}.`] : []),
    ...(notFiled.length > 0 ? [`Not filed: ${notFiled.join('; ')}.`] : []),
  ];
  note({ filed: filed.length, note: said.join(' ') });
  await checkpoint(env);
}

/**
 * What the filing said, kept on the consult step's value: the agent's own sentence, composed beside HeartCoach's
 * words (never inside them — the filing is the agent's act, not the coach's).
 */
export type FilingNote = { filed: number; note: string };
const FilingValue = z.object({
  filing: z.object({ filed: z.number().int().nonnegative(), note: z.string().max(4000) }),
});

export function filingOf(value: unknown): FilingNote | null {
  const parsed = FilingValue.safeParse(value);
  return parsed.success ? parsed.data.filing : null;
}
