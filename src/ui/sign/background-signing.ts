import type { Result } from '../../protocol/errors';
import { ok } from '../../protocol/errors';
import type { Request } from '../home/background-context';
import type { PendingItem, SigningTransport } from './transport';

const KIND = {
  authority: 'authority_required',
  approval: 'prompt',
  data: 'prompt',
  choice: 'prompt',
  agent: 'waiting',
} as const;

/**
 * The popup's transport over the background's agent channel (src/protocol/messages/agent.ts). A request waiting for
 * a mandate is listed with its requirement, read afresh by its run's id — never carried over from another face; one
 * waiting on co-signers with its signature prompt and requirement, as the agent read them from the run's checkpoint.
 */
export function backgroundSigning(request: Request, announce: SigningTransport['announce']): SigningTransport {
  return {
    async pending(): Promise<Result<PendingItem[]>> {
      const listed = await request({ type: 'agent.pending' });
      if (!listed.ok) return listed;
      const items = await Promise.all(
        listed.data.runs.map(async (run): Promise<PendingItem> => {
          const item: PendingItem = {
            runRef: run.runRef,
            addressee: run.addressee,
            words: run.words,
            waitingFor: KIND[run.waitingFor],
            text: run.text,
            expiresAt: run.expiresAt,
            ...(run.stopped === true ? { stopped: true as const } : {}),
            ...(run.from !== undefined ? { from: run.from } : {}),
          };
          // A run waiting on co-signers carries its prompt and requirement from the checkpoint: the approval exchange.
          if (run.approval !== undefined)
            return { ...item, approval: run.approval, requirement: run.approval.requirement };
          if (run.waitingFor !== 'authority') return item;
          const read = await request({ type: 'agent.requirements', runRef: run.runRef });
          return read.ok
            ? {
                ...item,
                requirement: read.data.requirement,
                ...(read.data.also.length > 0 ? { also: read.data.also } : {}),
              }
            : item;
        }),
      );
      return ok(items);
    },
    async preview(runRef) {
      const read = await request({ type: 'agent.preview', runRef });
      return read.ok ? read.data.previews : [];
    },
    async sign(runRef, expect, alsoExpect) {
      const signed = await request({
        type: 'agent.sign',
        runRef,
        expect,
        ...(alsoExpect !== undefined && alsoExpect.length > 0 ? { alsoExpect } : {}),
      });
      if (!signed.ok) return signed;
      // The reply envelope, as every other face receives it (the mandate's hash is in the vault and its receipt).
      const { signed: _mandate, ...response } = signed.data;
      return ok(response);
    },
    resend: (runRef) => request({ type: 'agent.resume', runRef, supplied: [] }),
    decline: (runRef, reason) =>
      request(reason === undefined ? { type: 'agent.decline', runRef } : { type: 'agent.decline', runRef, reason }),
    supplyApproval: (runRef, c) =>
      request({
        type: 'agent.resume',
        runRef,
        supplied: [{ kind: 'approval', resumeToken: c.resumeToken, approver: c.approver, signature: c.signature }],
      }),
    announce,
  };
}
