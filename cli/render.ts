import { formatUnits } from 'viem';
import type { PendingRun } from '../src/agent/runs';
import type { Result } from '../src/protocol/errors';
import type { AskResponse, HarnessReply, Requirement } from '../src/protocol/harness-reply';

/**
 * The command line's words for a reply (human-readable; --json prints the envelope instead), and the next command
 * to type when the run waits for the person.
 */
const next = (runRef: string, rest: string) => `  → npm run ask -- --resume ${runRef} ${rest}`;

export function renderResult(result: Result<AskResponse>): string {
  if (!result.ok) return `Refused (${result.error.code}): ${result.error.message}`;
  return renderReply(result.data.reply, result.data.runRef);
}

export function renderReply(reply: HarnessReply, runRef: string): string {
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
        renderRequirement(reply.requirement),
        '',
        'Sign it with your own key:',
        next(runRef, '--sign'),
        'or decline:',
        next(runRef, '--decline'),
      ].join('\n');
    case 'prompt': {
      const p = reply.prompt;
      if (p.kind === 'choice')
        return [p.text, ...p.options.map((o, i) => `  ${i + 1}. ${o.label}`), next(runRef, '--choose N')].join('\n');
      if (p.kind === 'data')
        return [
          p.text,
          ...p.fields.map((f) => `  ${f.arg}: ${f.label}`),
          next(runRef, p.fields.length === 1 ? '--answer TEXT' : '--answer arg=TEXT …'),
        ].join('\n');
      if (p.kind === 'signature') {
        return [
          p.text,
          `  needs ${p.quorum} of: ${p.approvers.join(', ')}`,
          `  approved so far: ${p.have.length === 0 ? 'none' : p.have.join(', ')}`,
          `  approval digest: ${p.approvalDigest}`,
          'A co-signer approves in their own Home; for the demo:',
          next(runRef, '--approve-as PERSON'),
        ].join('\n');
      }
      return p.text;
    }
    case 'waiting':
      return reply.text;
    case 'done': {
      const receipts = reply.receipts.map(
        (r) =>
          `  receipt ${r.id}: ${r.toolId}, ${r.observation}${r.txHash !== undefined ? `, tx ${r.txHash}` : ''}${r.reconciled ? ' (reconciled: not done twice)' : ''}`,
      );
      return [reply.result.text, ...receipts].join('\n');
    }
    case 'refused':
      return `Refused (${reply.error.code}): ${reply.error.message}`;
  }
}

/** What the person is about to sign, in words: who gives what to whom, for which act, within which limits. */
export function renderRequirement(r: Requirement): string {
  const limits = [
    `${r.caveats.calls} use${r.caveats.calls === 1 ? '' : 's'}`,
    `until ${new Date(r.caveats.notAfter * 1000).toISOString()}`,
  ];
  if (r.caveats.maxAmount !== undefined) limits.push(`at most ${formatUnits(BigInt(r.caveats.maxAmount), 6)} USDC`);
  if (r.caveats.recipient !== undefined) limits.push(`only to ${r.caveats.recipient}`);
  return [
    `Mandate for ${r.capability} (risk ${r.risk}), step ${r.stepRef}:`,
    `  from ${r.delegator} (the account that grants it)`,
    `  to   ${r.delegate} (your agent's harness, which acts under it)`,
    `  with ${
      Object.entries(r.args)
        .map(([k, v]) => `${k} = ${String(v)}`)
        .join(', ') || 'no arguments'
    }`,
    `  limits: ${limits.join(', ')}`,
    `  intent binding ${r.bindingDigest}`,
  ].join('\n');
}

export function renderPending(runs: readonly PendingRun[]): string {
  if (runs.length === 0) return 'Nothing is waiting for you.';
  return runs.map((r) => `${r.runRef}: “${r.words.slice(0, 80)}” — ${r.text}`).join('\n');
}
