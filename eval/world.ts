import { realWorld } from '../src/agent/testing/real-world';
import { type Address, GENERATED_ONTOLOGY } from '../src/harness';
import { memoryWorld, type Who, type World, type WorldOptions } from '../src/harness/testing';
import { HomeError } from '../src/protocol/errors';
import type { Case } from './cases';

/**
 * A fresh world per case, loaded with the demo world (DESIGN §10), then the case's starting state made the way the
 * person would make it — by asking and answering, never by writing the vault behind the harness's back. Two worlds:
 * the real parts (the composition root over the Dexie vault on fake-indexeddb and the embedded EVM — the default),
 * and the harness's shipped in-memory fakes (faster; the same harness).
 */
export type MakeWorld = (options: WorldOptions) => Promise<World>;
export const makeMemoryWorld: MakeWorld = (options) => memoryWorld({ ...options, ontology: GENERATED_ONTOLOGY });
export const makeRealWorld: MakeWorld = (options) => realWorld(options, { routing: true });

const BY_ID: Readonly<Record<string, keyof Who>> = {
  alice: 'alice',
  bob: 'bob',
  carol: 'carol',
  david: 'david',
  dave: 'dave',
  nathan: 'nathan',
  priya: 'priya',
  'missio-nexus': 'missio',
  'thompson-community': 'thompsonCommunity',
  'thompson-family': 'thompsonFamily',
};

/** A demo identity id or an address, as the world knows it. */
export function addressOf(world: World, who: string): Address {
  if (/^0x[0-9a-fA-F]{40}$/.test(who)) return who as Address;
  const key = BY_ID[who];
  if (key === undefined) throw new HomeError('EVAL_UNKNOWN_IDENTITY', `No demo identity is called ${who}.`);
  return world.who[key];
}

/** Puts the world in a starting state; a state the runner cannot make is an error for that case, in words. */
export async function applyStartingState(world: World, state: string | undefined): Promise<void> {
  if (state === undefined || state === 'fresh') return;
  if (state === 'thompson-remembered') {
    // Seed 001 §5.9: the first ask asked which thompson and Alice chose Thompson Community.
    const first = await world.ask({ message: 'invite bob to thompson' });
    const reply = first.ok ? first.data.reply : null;
    if (reply?.kind !== 'prompt' || reply.prompt.kind !== 'choice')
      throw new HomeError('EVAL_STATE_FAILED', 'The thompson choice was not asked, so it could not be remembered.');
    const community = reply.prompt.options.find(
      (o) => o.value.toLowerCase() === world.who.thompsonCommunity.toLowerCase(),
    );
    if (community === undefined)
      throw new HomeError('EVAL_STATE_FAILED', 'Thompson Community was not among the choices.');
    const chosen = await world.ask({
      runRef: first.ok ? first.data.runRef : '',
      supplied: [{ kind: 'choice', resumeToken: reply.resumeToken, choice: community.value }],
    });
    if (!chosen.ok)
      throw new HomeError('EVAL_STATE_FAILED', `Choosing Thompson Community failed: ${chosen.error.message}`);
    return;
  }
  throw new HomeError('EVAL_UNKNOWN_STATE', `The runner does not know how to make the starting state ${state}.`);
}

export const whoOf = (world: World, c: Pick<Case, 'asker' | 'addressee'>) => ({
  as: addressOf(world, c.asker),
  to: addressOf(world, c.addressee),
});
