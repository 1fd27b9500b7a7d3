import { describe, expect, it } from 'vitest';
import { digestOfText } from '../src/protocol/digest';
import { ARCHETYPES } from '../src/ontology/archetypes.generated';
import { CAPABILITIES, CAPABILITY_IDS, SETTINGS } from '../src/ontology/capabilities.generated';
import {
  CARE_ROLES,
  CARE_TEAM_TOOLS,
  COACH_TOOLS,
  ESCALATION_TIERS,
  MILESTONES,
  PATIENT_TOOLS,
  STEWARD_IMPLIES,
  SYMPTOM_DOCTRINE,
  TIER_CATALOG,
} from '../src/ontology/health-portal.generated';
import { DOMAIN_CLASSES, OUTCOME_CLASSES } from '../src/ontology/lexicon.generated';
import { INSTRUCTION_SKILLS } from '../src/ontology/skills.generated';

/** The first doctrine rule any of whose terms the words contain (the table is most severe first). */
const tierOf = (words: string) =>
  SYMPTOM_DOCTRINE.find((rule) => rule.terms.some((t) => words.toLowerCase().includes(t)))?.tier;
/** Outcome classes whose terms the words contain (the open-intent match types an intent only on exactly one). */
const outcomeHits = (words: string) =>
  Object.values(OUTCOME_CLASSES)
    .filter((o) => o.terms.some((t) => words.toLowerCase().includes(t)))
    .map((o) => o.id);

describe('the ontology content the harness and the gateway rely on', () => {
  it('declares every capability issue 2 names, one per instruction skill, and the cabinet reads and logs', () => {
    const required = [
      'person.contact.list',
      'person.contact.invite',
      'organization.members.list',
      'organization.membership.invite',
      'organization.affiliations.list',
      'organization.treasury.transfer',
      'records.list',
      'receipts.list',
      'balance.read',
      'payment.usdc.send',
      'memory.remember',
      'harness.ask',
      'ask.clarify',
      'ask.unsupported',
      'heartcoach.consult',
      'cabinet.readings.log',
      'cabinet.doses.log',
      'cabinet.guidance.file',
    ];
    expect(CAPABILITY_IDS).toEqual(expect.arrayContaining(required));
    for (const folder of ['profile', 'readings', 'doses', 'symptoms', 'prefs', 'guidance'])
      expect(CAPABILITIES[`cabinet.${folder}.read`]?.kind).toBe('read');
    for (const id of Object.keys(INSTRUCTION_SKILLS))
      expect(CAPABILITIES[id]).toMatchObject({ kind: 'skill', executor: 'instruction-skill', skillId: id });
  });

  it('puts the risk ladder where DESIGN §10 says: a high payment above a threshold, a critical treasury transfer', () => {
    const payment = CAPABILITIES['payment.usdc.send'];
    expect(payment).toMatchObject({
      risk: 'high',
      riskBelowThreshold: 'medium',
      approverRole: 'co-signer',
      authority: 'payer',
      onChain: { contract: 'usdc', method: 'transfer' },
    });
    expect(SETTINGS[payment?.thresholdSetting ?? '']?.defaultValue).toMatch(/^\d+$/);
    expect(CAPABILITIES['organization.treasury.transfer']).toMatchObject({
      risk: 'critical',
      approverRole: 'treasurer',
      quorum: 2,
      freshSeconds: 300,
      authority: 'organization',
    });
    for (const c of Object.values(CAPABILITIES))
      if (c.risk === 'high' || c.risk === 'critical') expect(c.approverRole, c.id).toBeTruthy();
  });

  it("self-authorizes exactly the person's own low-risk writes (memory, cabinet logs, the filed insight)", () => {
    const self = Object.values(CAPABILITIES)
      .filter((c) => c.selfAuthorized)
      .map((c) => c.id)
      .sort();
    expect(self).toEqual([
      'cabinet.doses.log',
      'cabinet.guidance.file',
      'cabinet.prefs.set',
      'cabinet.readings.log',
      'cabinet.symptoms.log',
      'memory.remember',
    ]);
    for (const id of self) expect(CAPABILITIES[id]).toMatchObject({ risk: 'low', authority: 'person', kind: 'act' });
  });

  it('gives the admission rules argument kinds: numbers, recipients and organizations are typed', () => {
    const kinds = (id: string) => Object.fromEntries((CAPABILITIES[id]?.args ?? []).map((a) => [a.name, a.kind]));
    expect(kinds('payment.usdc.send')).toMatchObject({ amount: 'amount', recipient: 'recipient' });
    expect(kinds('organization.membership.invite')).toEqual({ person: 'person', organization: 'organization' });
    expect(kinds('cabinet.doses.log')).toMatchObject({ dose: 'dose' });
    expect(CAPABILITIES['heartcoach.consult']).toMatchObject({
      executor: 'outside-agent',
      outsideAgent: { agent: 'heartcoach', skill: 'heartcoach.ask' },
    });
  });

  it('grounds a heart-health question to HeartCoach and types "How is my week going?" by exactly one outcome class', () => {
    expect(outcomeHits('How is my week going?')).toEqual(['coach-insight']);
    const heart = Object.values(DOMAIN_CLASSES).filter((c) => c.cluster === 'heart-health');
    expect(heart.length).toBeGreaterThan(3);
    for (const c of heart) expect(c.typicalUses).toContain('heartcoach.consult');
  });

  it('makes the letter → tracker two-step plan exist through produces / consumes (seed 001 §5.7)', () => {
    const letter = INSTRUCTION_SKILLS['grant-inquiry-letter'];
    const tracker = INSTRUCTION_SKILLS['funding-tracker-update'];
    expect(tracker?.consumes.some((c) => letter?.produces.includes(c))).toBe(true);
    const producers = (cls: string) =>
      Object.values(CAPABILITIES)
        .filter((c) => c.produces.includes(cls))
        .map((c) => c.id);
    for (const cls of tracker?.consumes ?? []) expect(producers(cls)).toEqual(['grant-inquiry-letter']);
    expect(
      outcomeHits(
        'Write the Marlow Foundation inquiry letter, and once it is done put it on our funding tracker.',
      ).sort(),
    ).toEqual(['funding-tracker-entry', 'inquiry-letter']);
  });

  it('gives two skills a plausible claim on "Is our intake screening model okay to keep using?" (seed 001 §5.6)', () => {
    const claims = Object.values(INSTRUCTION_SKILLS).filter((s) =>
      [...s.covers, ...s.terms, s.purpose].some((text) => /intake screening|keep using/.test(text.toLowerCase())),
    );
    expect(claims.map((s) => s.id).sort()).toEqual(['intake-screening-model-review', 'model-risk-check']);
  });

  it('pins every skill body and archetype definition by its digest; the doctrine stops at "How each act is done"', () => {
    for (const s of Object.values(INSTRUCTION_SKILLS)) expect(s.bodyDigest, s.id).toBe(digestOfText(s.body));
    for (const a of Object.values(ARCHETYPES)) {
      expect(a.definitionDigest, a.id).toBe(digestOfText(a.definition));
      expect(a.definition.startsWith(a.doctrine)).toBe(true);
      expect(a.doctrine).not.toContain('## How each act is done');
    }
  });

  it('has the person and organization archetypes and one HeartCoach archetype per role family', () => {
    expect(ARCHETYPES['person-agent']?.capabilityIds).toEqual(
      expect.arrayContaining(['payment.usdc.send', 'heartcoach.consult', 'memory.remember']),
    );
    const organization = ARCHETYPES['organization-agent'];
    expect(organization?.skillIds.length).toBeGreaterThanOrEqual(8);
    for (const id of organization?.skillIds ?? []) expect(organization?.capabilityIds).toContain(id);
    expect(ARCHETYPES['heart-coach-patient-coach']).toMatchObject({ appliesTo: 'heartcoach', face: 'patient' });
    for (const role of Object.values(CARE_ROLES))
      expect(ARCHETYPES[role.archetype], role.id).toMatchObject({ appliesTo: 'heartcoach', face: 'care-team' });
  });

  it("matches seed 000's facts: steward, milestone owners, and who is offered which tool", () => {
    expect(STEWARD_IMPLIES).toBe('clinical-manager');
    const owner = (id: string) => MILESTONES.find((m) => m.id === id)?.owner;
    expect(owner('discharge-med-rec')).toBe('pharmacist');
    expect(owner('visit-7d')).toBe('cardiologist');
    for (const m of MILESTONES) expect(CARE_ROLES[m.owner].entitles).toContain('milestone.record');
    expect(CARE_TEAM_TOOLS.dietitian).toEqual(['heartcoach.message', 'coach_reply']);
    expect(CARE_TEAM_TOOLS.pharmacist).toContain('heartcoach.transition');
    expect(CARE_TEAM_TOOLS.cardiologist).toEqual([
      'heartcoach.message',
      'heartcoach.alert.ack',
      'heartcoach.transition',
      'heartcoach.plan',
      'coach_reply',
    ]);
    expect(PATIENT_TOOLS).toEqual([
      'heartcoach.log',
      'heartcoach.triage',
      'heartcoach.message',
      'heartcoach.emr.sync',
      'coach_reply',
    ]);
    expect(COACH_TOOLS['heartcoach.alert.ack']?.modelName).toBe('heartcoach__alert__ack');
  });

  it('catalogues a HighConsequence capability and never offers it to a model', () => {
    const high = Object.entries(TIER_CATALOG)
      .filter(([, tier]) => tier === 'HighConsequence')
      .map(([id]) => id);
    expect(high.length).toBeGreaterThan(0);
    for (const id of high) expect(COACH_TOOLS[id]).toBeUndefined();
    expect(TIER_CATALOG.coach_turn).toBe('ReadOrDraft');
  });

  it('tiers symptoms by the doctrine, most severe first', () => {
    expect(ESCALATION_TIERS).toEqual(['self-care', 'tell-care-team', 'flag-urgent', 'call-emergency']);
    expect(tierOf('I have chest pain at rest')).toBe('call-emergency');
    expect(tierOf('I fainted in the kitchen')).toBe('call-emergency');
    expect(tierOf("I'm breathless lying flat")).toBe('flag-urgent');
    expect(tierOf('I gained 2 kg since Monday')).toBe('flag-urgent');
    expect(tierOf('my ankle swelling is worse')).toBe('tell-care-team');
    expect(tierOf('my ankle swelling is a bit better this morning')).toBe('self-care');
    expect(tierOf('better today, but I fainted last night')).toBe('call-emergency');
  });
});
