import { describe, expect, it } from 'vitest';
import { StepReceipt } from '../../protocol/harness-reply';
import { expectKind, replyOf } from '../testing/scenario';
import { demoContext } from '../testing/context';

describe('receipts and provenance (seed 001 step 11)', () => {
  it('a done act leaves a schema-valid receipt and a PROV-O export in which the harness acts on behalf of the person', async () => {
    const { world, vault } = await demoContext();
    const required = expectKind(
      replyOf(await world.ask({ message: 'Add dave to my contacts.' })),
      'authority_required',
    );
    const result = await world.ask({
      runRef: required.runRef,
      supplied: [await world.sign(required.requirement, 'alice')],
    });
    expect(result.ok && result.data.hasProvenance).toBe(true);
    const done = expectKind(replyOf(result), 'done');
    const receipt = StepReceipt.parse(done.receipts[0]);
    expect(receipt).toMatchObject({
      schemaVersion: 1,
      toolId: 'person.contact.invite',
      observation: 'committed',
      actedOnBehalfOf: world.who.alice,
      skillRef: { skillId: 'person-agent', version: '1.0.0' },
      binding: {
        principal: world.who.alice,
        subject: world.who.alice,
        actor: world.who.harnessAgent,
        authority: world.who.alice,
        argSources: { person: 'words' },
      },
    });
    const prov = (await vault.provenance.get(`run.provenance:${required.runRef}`))!.body as {
      '@context': object;
      '@graph': Record<string, unknown>[];
    };
    expect(prov['@context']).toMatchObject({ prov: 'http://www.w3.org/ns/prov#' });
    const harness = prov['@graph'].find((n) => n['@type'] === 'prov:SoftwareAgent')!;
    expect(harness['prov:actedOnBehalfOf']).toEqual({ '@id': `ha:agent:${world.who.alice.toLowerCase()}` });
    expect(prov['@graph'].filter((n) => n['prov:wasGeneratedBy'] !== undefined)).toHaveLength(1);
    expect(prov['@graph'].some((n) => String(n['@id']).startsWith('ha:mandate:'))).toBe(true);
  });

  it('audit events name each step’s status, and a read leaves an informational receipt', async () => {
    const { world, ctx } = await demoContext();
    await world.ask({ message: 'who are my contacts' });
    const events = (ctx.trace as unknown as { events: { type: string }[] }).events.map((e) => e.type);
    expect(events).toEqual(['harness.step.committed']);
  });
});
