import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { StepReceipt } from '../../protocol/harness-reply';
import { ReceiptDetails } from './ReceiptDetails';

const A = (n: number) => `0x${String(n).repeat(40)}` as `0x${string}`;
const D = (n: number) => `0x${String(n).repeat(64)}` as `0x${string}`;
const receipt: StepReceipt = {
  schemaVersion: 1,
  id: 'receipt:run-1:s1',
  runRef: 'run-1',
  stepRef: 's1',
  toolId: 'organization.membership.invite',
  status: 'committed',
  skillRef: null,
  skill: { id: 'organization.membership.invite', version: '1', contractDigest: D(1) },
  binding: {
    intentDigest: D(2),
    principal: A(1),
    subject: A(1),
    resource: A(2),
    authority: A(2),
    expectedOutcome: null,
    operationId: 'organization.membership.invite',
    argSources: {},
    standing: 'self',
    actor: A(3),
  },
  inputDigest: D(3),
  planArgsDigest: D(4),
  derivation: 'compiled',
  observation: 'committed',
  presentedRef: 'routed',
  reconciled: false,
  actedOnBehalfOf: A(1),
  attests: {},
  createdAt: Date.UTC(2026, 8, 29, 9),
};

describe('a routed step’s receipt', () => {
  it('says whose agent decided it and names the run it was decided in', () => {
    const html = renderToStaticMarkup(
      <ReceiptDetails receipt={{ ...receipt, routedTo: { agent: A(2), name: 'Missio Nexus', runRef: 'run-room' } }} />,
    );
    expect(html).toContain('routed to Missio Nexus’s agent, which decided it under its own mandate');
    expect(html).toContain('run-room');
  });

  it('on the room’s side, says who routed it there', () => {
    const html = renderToStaticMarkup(
      <ReceiptDetails receipt={{ ...receipt, routedFrom: { router: A(1), runRef: 'run-router', stepRef: 's1' } }} />,
    );
    expect(html).toContain(`${A(1)}, step s1`);
    expect(html).toContain('run-router');
  });
});
