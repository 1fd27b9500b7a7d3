import { formatUnits } from 'viem';
import type { PendingRun } from '../src/agent/runs';
import { CAPABILITIES } from '../src/ontology/capabilities.generated';
import type { Result } from '../src/protocol/errors';
import type { AskResponse, HarnessReply, PartyRef, Requirement } from '../src/protocol/harness-reply';
import { choiceQuestion } from '../src/ui/words/prompt-words';
import { nextCommand, type Door } from './next-command';

/**
 * The command line's words for a reply (human-readable; --json prints the envelope instead), and the next command
 * to type when the run waits for the person — with every flag it needs (the vault it was given), so pasted as
 * printed it works.
 */
const next = (door: Door, runRef: string, ...rest: string[]) => `  → ${nextCommand(door, '--resume', runRef, ...rest)}`;

export function renderResult(result: Result<AskResponse>, door: Door): string {
  if (!result.ok) return `Refused (${result.error.code}): ${result.error.message}`;
  return renderReply(result.data.reply, result.data.runRef, door);
}

export function renderReply(reply: HarnessReply, runRef: string, door: Door): string {
  switch (reply.kind) {
    case 'answer': {
      const rows = (reply.results ?? []).slice(0, 50).map(
        (r) =>
          `  • ${Object.values(r)
            .filter((v) => v !== null)
            .join(' · ')}`,
      );
      return [reply.text, ...rows].join('\n');
    }
    case 'authority_required':
      return [
        reply.summary,
        '',
        renderRequirement(reply.requirement, reply.parties),
        '',
        'To sign it with your own key, run this (it shows the mandate once more and asks you to type "sign"):',
        next(door, runRef, '--sign'),
        'Or decline it; nothing is done:',
        next(door, runRef, '--decline'),
      ].join('\n');
    case 'prompt': {
      const p = reply.prompt;
      if (p.kind === 'choice')
        return [
          // The question alone: its options are listed once, below it, numbered.
          choiceQuestion(p),
          ...p.options.map((o, i) => `  ${i + 1}. ${o.label}`),
          'Answer with the number of your choice, for example:',
          next(door, runRef, '--choose', '1'),
        ].join('\n');
      if (p.kind === 'data')
        return [
          ...(p.fields.length === 1 ? [p.text] : [p.text, ...p.fields.map((f) => `  ${f.arg}: ${f.label}`)]),
          'Answer with:',
          next(door, runRef, ...(p.fields.length === 1 ? ['--answer', 'TEXT'] : ['--answer', 'FIELD=TEXT', '…'])),
        ].join('\n');
      if (p.kind === 'signature') {
        return [
          p.text,
          `  needs ${p.quorum} of: ${p.approvers.join(', ')}`,
          `  approved so far: ${p.have.length === 0 ? 'none' : p.have.join(', ')}`,
          'Each co-signer approves in their own Home. For the demo, one of them approves with:',
          next(door, runRef, '--approve-as', 'PERSON'),
        ].join('\n');
      }
      return p.text;
    }
    case 'waiting':
      return reply.text;
    case 'done': {
      const receipts = reply.receipts.map(
        (r) =>
          `  receipt ${r.id}: ${CAPABILITIES[r.toolId]?.label ?? r.toolId}, ${r.observation}${r.txHash !== undefined ? `, transaction ${r.txHash}` : ''}${r.reconciled ? ' (already done: not done twice)' : ''}`,
      );
      return [reply.result.text, ...receipts].join('\n');
    }
    case 'refused':
      return `Refused (${reply.error.code}): ${reply.error.message}`;
  }
}

const who = (address: string, parties: readonly PartyRef[]) => {
  const party = parties.find((p) => p.address.toLowerCase() === address.toLowerCase());
  return party === undefined ? address : `${party.label} (${address})`;
};

/** What the person is about to sign, in words: who gives what to whom, for which act, within which limits. */
export function renderRequirement(r: Requirement, parties: readonly PartyRef[] = []): string {
  const limits = [
    `${r.caveats.calls} use${r.caveats.calls === 1 ? '' : 's'}`,
    `until ${new Date(r.caveats.notAfter * 1000).toISOString()}`,
  ];
  if (r.caveats.maxAmount !== undefined) limits.push(`at most ${formatUnits(BigInt(r.caveats.maxAmount), 6)} USDC`);
  if (r.caveats.recipient !== undefined) limits.push(`only to ${who(r.caveats.recipient, parties)}`);
  return [
    `A mandate for “${CAPABILITIES[r.capability]?.label ?? r.capability}” (risk: ${r.risk}):`,
    `  from ${who(r.delegator, parties)}, the account that gives it`,
    `  to   ${r.delegate}, your agent, which acts under it for this step only`,
    `  with ${
      Object.entries(r.args)
        .map(([k, v]) => `${k} = ${String(v)}`)
        .join(', ') || 'no arguments'
    }`,
    `  limits: ${limits.join(', ')}`,
    `  details: intent binding ${r.bindingDigest}`,
  ].join('\n');
}

const ANSWER_WITH: Record<PendingRun['waitingFor'], string[]> = {
  authority: ['--sign'],
  approval: ['--approve-as', 'PERSON'],
  data: ['--answer', 'TEXT'],
  choice: ['--choose', 'N'],
  agent: [],
};

export function renderPending(runs: readonly PendingRun[], door: Door): string {
  if (runs.length === 0) return 'Nothing is waiting for you.';
  return runs
    .map((r) => {
      const act = r.stopped === true ? [] : ANSWER_WITH[r.waitingFor];
      return `“${r.words.slice(0, 80)}” — ${r.text}\n  → ${nextCommand(door, '--resume', r.runRef, ...act)}`;
    })
    .join('\n');
}
