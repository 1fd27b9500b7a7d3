import type { Hex } from 'viem';
import { digestOf } from '../../protocol/digest';
import type { StepReceipt } from '../../protocol/harness-reply';
import type { Address } from '../kernel/ports';
import type { Tool } from '../tools/tools';
import type { StepResult } from '../execute/step-result';

/**
 * A step receipt (seed 001 step 11): what ran, under which playbook and skill, bound to which intent, for whom, on
 * whose authority, with which inputs, and how far its effect was observed — only an independent read-back is
 * `confirmed`. The harness agent acts on behalf of the principal (prov:actedOnBehalfOf).
 */
export type ReceiptInput = {
  id: string;
  runRef: string;
  stepRef: string;
  tool: Tool;
  playbook: { archetypeId: string; version: string; digest: Hex } | null;
  ontologyVersion: string;
  intentDigest: Hex;
  principal: Address;
  subject: Address;
  resource: Address | null;
  authority: Address | null;
  argSources: Record<string, string>;
  standing: string;
  actor: Address;
  words: string;
  args: Record<string, unknown>;
  plannedArgs: Record<string, unknown>;
  derivation: string;
  presentedRef: StepReceipt['presentedRef'];
  mandateHash: Hex | null;
  handedTo?: StepReceipt['handedTo'] | null;
  routedTo?: StepReceipt['routedTo'];
  routedFrom?: StepReceipt['routedFrom'];
  result: StepResult;
  status: StepReceipt['status'];
  attests: Record<string, unknown>;
  at: number;
};

export function buildReceipt(r: ReceiptInput): StepReceipt {
  return {
    schemaVersion: 1,
    id: r.id,
    runRef: r.runRef,
    stepRef: r.stepRef,
    toolId: r.tool.id,
    status: r.status,
    skillRef:
      r.playbook === null
        ? null
        : { skillId: r.playbook.archetypeId, version: r.playbook.version, commitment: r.playbook.digest },
    skill: { id: r.tool.id, version: r.ontologyVersion.slice(0, 40), contractDigest: digestOf(r.tool.capability) },
    binding: {
      intentDigest: r.intentDigest,
      principal: r.principal,
      subject: r.subject,
      resource: r.resource,
      authority: r.authority,
      expectedOutcome: r.tool.capability.produces[0] ?? null,
      operationId: r.tool.id,
      argSources: r.argSources,
      standing: r.standing,
      actor: r.actor,
    },
    inputDigest: digestOf({ words: r.words, args: r.args }),
    planArgsDigest: digestOf(r.plannedArgs),
    derivation: r.derivation,
    observation: r.result.observation,
    presentedRef: r.presentedRef,
    ...(r.mandateHash !== null ? { mandateHash: r.mandateHash } : {}),
    ...(r.handedTo !== null && r.handedTo !== undefined ? { handedTo: r.handedTo } : {}),
    ...(r.routedTo !== undefined ? { routedTo: r.routedTo } : {}),
    ...(r.routedFrom !== undefined ? { routedFrom: r.routedFrom } : {}),
    ...(r.result.txHash !== undefined ? { txHash: r.result.txHash } : {}),
    reconciled: r.result.reconciled,
    actedOnBehalfOf: r.principal,
    attests: r.attests,
    createdAt: r.at,
  };
}
