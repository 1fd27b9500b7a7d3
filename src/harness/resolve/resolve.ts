import { getAddress, isAddress } from 'viem';
import type { PartyRef } from '../../protocol/harness-reply';
import type { HarnessContext } from '../kernel/context';
import { normalizeWords } from '../ground/words';
import type { ArgKind } from '../kernel/ontology-view';
import type { Address, Party } from '../kernel/ports';
import type { Tool } from '../tools/tools';

/**
 * Step 7 — resolve each step's arguments: names become addresses in the asker's tier, by exact label or alias,
 * case-insensitive, never fuzzy. None → a data prompt; several → a choice among exactly those. A choice the person
 * confirmed before is remembered as evidence scoped to (word, capability, argument) and cited — "remembered: you
 * chose X for this before" — but it authorizes nothing: the step still meets authority.
 */
export type ResolveOutcome =
  | { kind: 'resolved'; args: Record<string, unknown>; parties: PartyRef[]; argSources: Record<string, string> }
  | { kind: 'data'; arg: string; argKind: ArgKind; word: string; reason: string }
  | { kind: 'choice'; arg: string; word: string; candidates: Party[] };

const PARTY_KINDS: ReadonlySet<ArgKind> = new Set(['recipient', 'person', 'organization']);
const SELF_WORDS = new Set(['me', 'myself', 'i']);

/** The exact-match rule, re-applied to whatever the vault returns (a sloppy vault cannot make resolution fuzzy). */
export const namesParty = (party: Pick<Party, 'label' | 'aliases'>, word: string): boolean => {
  const w = normalizeWords(word).toLowerCase();
  return [party.label, ...party.aliases].some((n) => normalizeWords(n).toLowerCase() === w);
};

export async function resolveStepArgs(
  ctx: HarnessContext,
  input: {
    tool: Tool;
    args: Record<string, unknown>;
    asker: Address;
    addressee: Address;
    /** Choices the person made for this step in this run: arg → chosen address. */
    chosen: Readonly<Record<string, string>>;
    /** Sources already known (an arg the person typed into a prompt is 'supplied'). */
    sources: Readonly<Record<string, string>>;
  },
): Promise<ResolveOutcome> {
  const args: Record<string, unknown> = { ...input.args };
  const parties: PartyRef[] = [];
  const argSources: Record<string, string> = {};
  for (const spec of input.tool.capability.args) {
    const value = args[spec.name];
    if (value === undefined) continue;
    argSources[spec.name] = input.sources[spec.name] ?? 'words';
    if (!PARTY_KINDS.has(spec.kind) || typeof value !== 'string') continue;
    const word = normalizeWords(value);
    const ref = (address: Address, label: string, source: PartyRef['source'], note?: string): void => {
      args[spec.name] = address;
      argSources[spec.name] = source;
      parties.push({ word, address, label, arg: spec.name, source, ...(note !== undefined ? { note } : {}) });
    };
    if (isAddress(word, { strict: false })) {
      const address = getAddress(word);
      const source =
        address === getAddress(input.asker) ? 'asker' : address === getAddress(input.addressee) ? 'addressee' : 'words';
      ref(address, word, source);
      continue;
    }
    if (SELF_WORDS.has(word.toLowerCase()) && spec.kind !== 'organization') {
      ref(getAddress(input.asker), 'you', 'asker');
      continue;
    }
    const named = async (name: string) =>
      dedupe(
        (await ctx.vault.parties.named(input.asker, name)).filter((p) => namesParty(p, name) && fitsKind(p, spec.kind)),
      );
    const candidates = await named(word);
    // The label the person reads for a party: with the alias that tells it apart when another the vault knows shares
    // it ("thompson (thompson family trust)"), whichever word found it.
    const shortLabel = async (p: Party) => ((await named(p.label)).length > 1 ? describe(p) : p.label);
    const chosen = input.chosen[spec.name];
    if (chosen !== undefined) {
      const pick = candidates.find((c) => c.address.toLowerCase() === chosen.toLowerCase());
      if (pick !== undefined) {
        ref(getAddress(pick.address), await shortLabel(pick), 'choice');
        continue;
      }
    }
    if (candidates.length === 1) {
      ref(getAddress(candidates[0]!.address), await shortLabel(candidates[0]!), 'words');
      continue;
    }
    if (candidates.length === 0) {
      return {
        kind: 'data',
        arg: spec.name,
        argKind: spec.kind,
        word,
        reason: `I don't know anyone called "${word}" — say who you mean (a name in your contacts, or an address).`,
      };
    }
    const remembered = await ctx.vault.confirmations.find({
      asker: input.asker,
      word: word.toLowerCase(),
      capability: input.tool.id,
      argument: spec.name,
    });
    const pick =
      remembered === null
        ? undefined
        : candidates.find((c) => c.address.toLowerCase() === remembered.chosen.toLowerCase());
    if (pick !== undefined) {
      ref(
        getAddress(pick.address),
        await shortLabel(pick),
        'remembered',
        `remembered: you chose ${describe(pick)} for this before`,
      );
      continue;
    }
    return { kind: 'choice', arg: spec.name, word, candidates: candidates.slice(0, 12) };
  }
  return { kind: 'resolved', args, parties, argSources };
}

const fitsKind = (p: Party, kind: ArgKind) =>
  kind === 'organization' ? p.kind === 'organization' : kind === 'person' ? p.kind === 'person' : true;

function dedupe(parties: Party[]): Party[] {
  const seen = new Map<string, Party>();
  for (const p of parties) if (!seen.has(p.address.toLowerCase())) seen.set(p.address.toLowerCase(), p);
  return [...seen.values()];
}

/** A candidate as the person sees it in a choice: its label and the alias that tells it apart. */
export function describe(p: Party): string {
  const other = p.aliases.find((a) => a.toLowerCase() !== p.label.toLowerCase());
  return other !== undefined ? `${p.label} (${other})` : p.label;
}
