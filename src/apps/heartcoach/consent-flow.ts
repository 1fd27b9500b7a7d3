import { getAddress } from 'viem';
import { readAppCard } from './app-card';
import type { AppServices } from './app-services';
import type { ConsentDetail, OpenConsent } from './consents';
import { HomeError, toWireError } from '../../protocol/errors';
import type { WireReadKind } from '../../protocol/delegation';

/**
 * The consent flow every app request shares: the app's card read at its own origin, the person shown as
 * they are in the vault, the consent window opened for one request, and the work done only once the person approved
 * there — settled with what it did, or why it failed, for the window to show.
 */
export async function card(s: AppServices, origin: string) {
  const chain = await s.parts.chain();
  return readAppCard(s.parts.fetch, origin, chain.chainId);
}

export async function personView(s: AppServices) {
  const person = (await s.parts.vault.agents.list('person')).rows[0];
  if (person === undefined)
    throw new HomeError(
      'NO_OWNER',
      'This Home holds no person yet: load the demo profile, or create or import your key, first.',
    );
  return { address: getAddress(person.address), name: person.label };
}

/** Waits for the person's answer; a decline is a refusal in words, and nothing was signed. */
export async function approved<T>(
  consent: OpenConsent,
  work: (folders: ConsentDecidedFolders, kinds: readonly WireReadKind[]) => Promise<T>,
  summary: (result: T) => string,
): Promise<T> {
  const decision = await consent.decision;
  if (!decision.approve)
    throw new HomeError('DECLINED', `The person declined: ${decision.reason}. Nothing was signed.`);
  try {
    const result = await work(decision.folders, decision.kinds ?? []);
    consent.settle({ ok: true, summary: summary(result) });
    return result;
  } catch (error) {
    consent.settle({ ok: false, summary: 'Nothing was connected or granted.', error: toWireError(error) });
    throw error;
  }
}
export type ConsentDecidedFolders = Extract<Awaited<OpenConsent['decision']>, { approve: true }>['folders'];

export async function openConsent(s: AppServices, detail: ConsentDetail): Promise<OpenConsent> {
  // One request per origin at a time: a page cannot bury the person under consent windows.
  if (s.consents.pending().some((v) => v.origin === detail.origin)) {
    throw new HomeError(
      'CONSENT_PENDING',
      `A request from ${detail.origin} is already waiting for you in Home Agent; answer it first.`,
    );
  }
  const consent = s.consents.open(detail);
  await s.openConsent(consent.id);
  return consent;
}
