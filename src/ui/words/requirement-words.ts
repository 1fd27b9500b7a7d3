import { CAPABILITIES } from '../../ontology/capabilities.generated';
import type { PartyRef, Requirement } from '../../protocol/harness-reply';
import { count, shortAddress, tokenAmount, until, when } from './format';
import { message, type MessageKey } from './messages';

/** One fact the person reads before signing: a term and its detail, in words. */
export type Fact = { term: string; detail: string };

const RISK_KEYS: Record<Requirement['risk'], MessageKey> = {
  low: 'riskLow',
  medium: 'riskMedium',
  high: 'riskHigh',
  critical: 'riskCritical',
};

/** A risk level in words, from the catalogue. */
export function riskWords(risk: Requirement['risk']): string {
  return message(RISK_KEYS[risk]);
}

/** The capability's label from the ontology, else its id. */
export function capabilityLabel(id: string): string {
  return CAPABILITIES[id]?.label ?? id;
}

/** Who an address is, from the parties the run resolved, else the short address. */
export function partyName(address: string, parties: readonly PartyRef[]): string {
  const party = parties.find((p) => p.address.toLowerCase() === address.toLowerCase());
  return party === undefined ? shortAddress(address) : message('requirementParty', party.label, shortAddress(address));
}

/**
 * What a mandate will allow, as the facts a careful wallet shows before a signature: what the step does, for whom,
 * how much, to whom, until when, how many times, by whom, and the risk. Every fact comes from the requirement
 * itself — the bytes that will be signed — never from the summary sentence, which is shown beside it.
 */
export function requirementFacts(requirement: Requirement, parties: readonly PartyRef[], now: number): Fact[] {
  const { caveats } = requirement;
  const facts: Fact[] = [
    { term: message('factWhat'), detail: capabilityLabel(requirement.capability) },
    { term: message('factForWhom'), detail: message('factForWhomDetail', partyName(requirement.delegator, parties)) },
  ];
  if (caveats.maxAmount !== undefined)
    facts.push({ term: message('factHowMuch'), detail: tokenAmount(caveats.maxAmount) });
  if (caveats.recipient !== undefined)
    facts.push({ term: message('factToWhom'), detail: partyName(caveats.recipient, parties) });
  const notAfter = caveats.notAfter * 1000;
  facts.push({ term: message('factUntil'), detail: `${when(notAfter)} (${until(notAfter, now)})` });
  facts.push({ term: message('factHowMany'), detail: count(caveats.calls, message('unitUse'), message('unitUses')) });
  facts.push({
    term: message('factWhoActs'),
    detail: message('factWhoActsDetail', shortAddress(requirement.delegate)),
  });
  facts.push({ term: message('factRisk'), detail: riskWords(requirement.risk) });
  if (requirement.freshSeconds !== undefined)
    facts.push({
      term: message('factFreshness'),
      detail: message('factFreshnessDetail', String(requirement.freshSeconds)),
    });
  return facts;
}

/**
 * Where each argument came from, in words. `app`: the run was started by an app asking as the person, so its
 * "words" are the app's, never "your words".
 */
export function argumentSources(requirement: Requirement, app?: string): Fact[] {
  return Object.entries(requirement.derivation.argSources).map(([arg, source]) => ({
    term: arg,
    detail: message('requirementFrom', SOURCE_WORDS[source]?.(app) ?? source),
  }));
}

/** A source in words: the person's own key, or — when an app asked as the person — the app's key naming it. */
const bySelfOrApp =
  (self: MessageKey, byApp: MessageKey) =>
  (app: string | undefined): string =>
    app === undefined ? message(self) : message(byApp, app);

const SOURCE_WORDS: Record<string, (app: string | undefined) => string> = {
  words: bySelfOrApp('requirementSourceWords', 'requirementSourceAppWords'),
  answer: bySelfOrApp('requirementSourceAnswer', 'requirementSourceAppAnswer'),
  confirmed: () => message('requirementSourceConfirmed'),
  remembered: () => message('requirementSourceRemembered'),
  choice: () => message('requirementSourceChoice'),
  asker: bySelfOrApp('requirementSourceAsker', 'requirementSourceAppAsker'),
  vault: () => message('requirementSourceVault'),
  material: () => message('requirementSourceMaterial'),
  'outside-agent': () => message('requirementSourceOutsideAgent'),
};
