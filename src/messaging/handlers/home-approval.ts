import { CoSignatureFile } from '../../protocol/approval-exchange';
import { HomeApprovalCosignRequest } from '../../protocol/messages/home';
import { cosignApproval } from '../../home/approvals';
import type { HomeDeps } from '../../home/services';
import { defineHandler } from '../handler';

/** A second-party approval co-signed by this Home (src/home/approvals.ts). Home pages only. */
export function homeApprovalHandlers(deps: HomeDeps) {
  return [
    defineHandler({
      type: 'home.approval.cosign',
      senders: ['extension-page'],
      request: HomeApprovalCosignRequest,
      reply: CoSignatureFile,
      handle: async ({ request }) => cosignApproval(await deps.home(), request),
    }),
  ];
}
