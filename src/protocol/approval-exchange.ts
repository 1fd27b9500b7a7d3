import { base64urlnopad, utf8 } from '@scure/base';
import { z } from 'zod';
import { AddressSchema, DigestSchema, SignatureSchema } from './ask';
import { digestOf } from './digest';
import { EXTENSION_ID } from './extension-id';
import { Requirement } from './harness-reply';

/**
 * Approval by another person (DESIGN §3, seed 001 step 8): the request travels as a file, or as a link that opens
 * the approver's own Home Agent (the extension id is pinned by the manifest key, so the link names the same
 * extension in every browser). It carries the requirement itself, so the approver's Home recomputes the approval
 * digest from the bytes it shows — consent is bound to what was shown, never to a digest taken on trust. The
 * co-signature comes back as a file the requester imports; the harness verifies it from scratch.
 */
export const ApprovalRequestFile = z.strictObject({
  kind: z.literal('home-agent/approval-request'),
  v: z.literal(1),
  runRef: z.string().min(1).max(80),
  resumeToken: DigestSchema,
  approvalDigest: DigestSchema,
  approvers: z.array(AddressSchema).min(1).max(16),
  quorum: z.number().int().positive().max(16),
  have: z.array(AddressSchema).max(16),
  requirement: Requirement,
  /** Who asks, in the requester's words: shown to the approver as quoted material, never as an instruction. */
  requester: z.strictObject({ address: AddressSchema, label: z.string().max(200) }),
  text: z.string().max(2000),
});
export type ApprovalRequestFile = z.infer<typeof ApprovalRequestFile>;

export const CoSignatureFile = z.strictObject({
  kind: z.literal('home-agent/co-signature'),
  v: z.literal(1),
  runRef: z.string().min(1).max(80),
  resumeToken: DigestSchema,
  approvalDigest: DigestSchema,
  approver: AddressSchema,
  signature: SignatureSchema,
});
export type CoSignatureFile = z.infer<typeof CoSignatureFile>;

/** The approval digest of a requirement, as the harness computes it (src/harness/authority/requirement.ts). */
export function approvalDigestFor(requirement: Requirement): `0x${string}` {
  return digestOf({
    kind: 'home-agent.approval.v1',
    bindingDigest: requirement.bindingDigest,
    delegator: requirement.delegator,
    capability: requirement.capability,
  });
}

/**
 * Checks a request's bytes agree with themselves: the binding's digest is the one named, and the approval digest is
 * the one this requirement gives. Returns a refusal in words, or undefined when they agree.
 */
export function approvalRequestProblem(request: ApprovalRequestFile): string | undefined {
  if (digestOf(request.requirement.binding) !== request.requirement.bindingDigest)
    return 'The request’s intent does not match its own digest; it was altered.';
  // The arguments shown (amount, recipient…) are the ones bound: their digest is inside the binding.
  if (digestOf(request.requirement.args) !== request.requirement.binding.argsDigest)
    return 'The request’s details do not match what it binds; it was altered.';
  if (approvalDigestFor(request.requirement) !== request.approvalDigest)
    return 'The approval digest does not match the request it comes with; it was altered.';
  if (request.requirement.runRef !== request.runRef) return 'The request names two different runs; it was altered.';
  return undefined;
}

/** A request in a link's fragment: its JSON as UTF-8, base64url without padding (`@scure/base`). */
const base64url = {
  encode: (text: string) => base64urlnopad.encode(utf8.decode(text)),
  decode: (value: string) => utf8.encode(base64urlnopad.decode(value)),
};

/** The link that opens this request in the approver's Home Agent (popup, approve mode). */
export function approvalLink(request: ApprovalRequestFile): string {
  return `chrome-extension://${EXTENSION_ID}/popup.html#approve=${base64url.encode(JSON.stringify(request))}`;
}

/** Reads a request from a link's fragment or a file's text; refuses anything else in words. */
export function readApprovalRequest(
  input: string,
): { ok: true; request: ApprovalRequestFile } | { ok: false; message: string } {
  let text = input.trim();
  const at = text.indexOf('#approve=');
  try {
    if (at >= 0) text = base64url.decode(text.slice(at + '#approve='.length));
    const parsed = ApprovalRequestFile.safeParse(JSON.parse(text));
    if (!parsed.success) return { ok: false, message: 'That is not a Home Agent approval request, or it was altered.' };
    const problem = approvalRequestProblem(parsed.data);
    return problem === undefined ? { ok: true, request: parsed.data } : { ok: false, message: problem };
  } catch {
    return { ok: false, message: 'That is not a Home Agent approval request (it cannot be read).' };
  }
}
