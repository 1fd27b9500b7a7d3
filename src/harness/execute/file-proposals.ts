import { z } from 'zod';
import { authorizeStep } from '../authority/authority';
import { isControlRun } from '../kernel/control';
import { checkpoint, runBindingOf, type AdmittedEnv } from '../kernel/run-env';
import type { OutsideProposals, ProposedRecord } from '../kernel/outside-agent';
import type { Capability } from '../kernel/ontology-view';
import type { StepState } from '../kernel/run-state';
import { buildReceipt } from '../receipts/receipt';
import { judgeProposal } from './proposal-gate';
import type { StepResult } from './step-result';

/**
 * Filing what an outside agent proposed (DESIGN §6, §10): the records come back in its answer, and the person's agent
 * files them in the person's own records under its own gates — each a self-authorized write (the ontology's low-risk
 * capability for that folder, own records) from the person's own session, each with its receipt (presentedRef:
 * self). Through ask-as-me nothing is filed: an app asking as the person never writes their records, and the answer
 * says so. What was filed is the agent's own sentence, kept on the consult step's value (`filing`).
 */
export async function fileProposals(
  env: AdmittedEnv,
  st: StepState,
  proposals: OutsideProposals,
  consult: Pick<Capability, 'outsideAgent' | 'proposesInto'>,
): Promise<void> {
  const result: StepResult | undefined = st.result;
  const filings = proposals.records;
  if (result === undefined || filings.length === 0) return;
  const note = (filing: FilingNote) => {
    result.value = { ...(result.value as object), filing };
  };
  if (env.state.door.kind !== 'session' || env.door.kind !== 'session') {
    note({
      filed: 0,
      note: `Not filed: ${filings.map((f) => f.what).join(', ')} — an app asking as you never writes your records; ask from your own Home Agent to keep them.`,
    });
    await checkpoint(env);
    return;
  }
  const filed: string[] = [];
  const notFiled: string[] = [];
  const suggested: string[] = [];
  const { proposedBy } = proposals;
  for (const [n, f] of filings.entries()) {
    // The control run (guards off) files what was proposed as proposed, so the proof's cases show the gate bites.
    const verdict = isControlRun(env.ctx)
      ? ({ kind: 'file', id: f.id } as const)
      : await judgeProposal(env.ctx.vault, consult, proposedBy, env.state.words, env.state.addressee, f);
    if (verdict.kind === 'suggest') suggested.push(verdict.sentence);
    const why =
      verdict.kind === 'file'
        ? await fileOne(
            env,
            st,
            proposals,
            f,
            verdict.id,
            consult.outsideAgent?.agent ?? '',
            `${st.stepRef}.file-${n + 1}`,
          )
        : verdict.kind === 'refuse'
          ? verdict.why
          : undefined;
    if (why === null) filed.push(f.what);
    else if (why !== undefined) notFiled.push(`${f.what} (${why})`);
  }
  const said = [
    ...(filed.length > 0 ? [`Filed in ${proposals.place}: ${filed.join(', ')}.`] : []),
    ...(notFiled.length > 0 ? [`Not filed: ${notFiled.join('; ')}.`] : []),
    ...suggested,
  ];
  note({ filed: filed.length, note: said.join(' ') });
  await checkpoint(env);
}

/** Files one proposed record; null when filed, else why not, in words. */
async function fileOne(
  env: AdmittedEnv,
  st: StepState,
  proposals: OutsideProposals,
  f: ProposedRecord,
  id: string,
  agent: string,
  stepRef: string,
): Promise<string | null> {
  const { ctx, state } = env;
  const tool = env.tools.get(f.capability);
  if (tool === undefined) return `this agent's playbook does not file ${f.folder}`;
  const args = { folder: f.folder, id };
  const argSources = { folder: 'outside-agent', id: 'outside-agent' };
  const decision = await authorizeStep(ctx, {
    tool,
    args,
    argSources,
    stepRef,
    run: runBindingOf(state),
    asker: state.asker,
    addressee: state.addressee,
    door: 'session',
    suppliedMandate: null,
    approvals: [],
    executing: false,
  });
  if (decision.kind !== 'self') return 'only your own records, from your own session, are filed without a mandate';
  const now = ctx.clock.now();
  await ctx.vault.records.put({
    id,
    type: f.type,
    owner: state.addressee,
    data: f.data,
    createdAt: now,
    updatedAt: now,
  });
  const text = `Filed ${f.what} in ${proposals.place}.`;
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
      argSources,
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
      attests: {
        text,
        proposedBy: proposals.proposedBy,
        source: `app:${agent}`,
        record: id,
        consultReceipt: st.receiptId ?? null,
      },
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
  return null;
}

/**
 * What the filing said, kept on the consult step's value: the agent's own sentence, composed beside the outside
 * agent's words (never inside them — the filing is the agent's act, not the outside agent's).
 */
export type FilingNote = { filed: number; note: string };
const FilingValue = z.object({
  filing: z.object({ filed: z.number().int().nonnegative(), note: z.string().max(4000) }),
});

export function filingOf(value: unknown): FilingNote | null {
  const parsed = FilingValue.safeParse(value);
  return parsed.success ? parsed.data.filing : null;
}
