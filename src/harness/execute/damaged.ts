import type { DamagedRow } from '../kernel/ports';

/**
 * Rows a read had to leave out because the vault could not read them (src/harness/kernel/ports.ts DamagedRow). Nothing is
 * done on such a row, but an answer never leaves it out silently: it says how many could not be read and where the
 * person sees which (the Home's vault browser names each row in words). The step keeps where they are (table, id)
 * for the plannerTrace and the receipt; never their contents.
 */
export type DamagedSeen = { count: number; rows: DamagedRow[] };

/** How many damaged rows a step keeps by name (the count is always whole). */
const KEPT = 32;

/** What a step records of what its read left out; undefined when nothing was. */
export function damagedSeen(damaged: readonly DamagedRow[]): DamagedSeen | undefined {
  if (damaged.length === 0) return undefined;
  return {
    count: damaged.length,
    rows: damaged.slice(0, KEPT).map((d) => ({ table: d.table.slice(0, 40), id: d.id.slice(0, 256) })),
  };
}

/** The sentence an answer carries when `count` rows could not be read ('' when none). */
export function damagedSentence(count: number): string {
  if (count <= 0) return '';
  const one = count === 1;
  return `${one ? '1 record' : `${count} records`} in your vault could not be read (damaged), so ${one ? 'it is' : 'they are'} not in this answer and nothing was done with ${one ? 'it' : 'them'}; the Vault section of your Home names ${one ? 'it' : 'them'}.`;
}

/** A read's sentence with what it left out said after it. */
export function withDamaged(text: string, damaged: readonly DamagedRow[]): string {
  return damaged.length === 0 ? text : `${text} ${damagedSentence(damaged.length)}`;
}
