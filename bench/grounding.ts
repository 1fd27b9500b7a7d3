import { realWorld } from '../src/agent/testing/real-world';
import { buildTools, GENERATED_ONTOLOGY, groundAsk, knownParties } from '../src/harness';
import { measure, median, type BenchRow } from './run';

/**
 * The grounding stage's own time per ask, on the real vault (Dexie on fake-indexeddb, Alice's demo data): reading
 * every name the vault knows through the vault port, then grounding the sentence against them (compromise's parse,
 * name spans, numbers, speech act, intents, frames). Asks of every kind, typed the way people type them.
 */
const ASKS = [
  'can you add david to missio nexus please',
  'send 5 usdc to bob and 3 usdc to carol',
  'I need to pay bob 5 USDC for the 40 lunches',
  'add Dr. Dave Silva to my contacts',
  'what did I ask you to remember?',
  "my ankles are swollen and I'm a bit short of breath",
  'Hello',
  'who do I know at missio nexus',
  'Should we order pizza or sandwiches for the volunteer training?',
  'Remember that I prefer morning calls.',
];

export async function groundingRows(runs: number, warmup: number): Promise<BenchRow[]> {
  const world = await realWorld({ model: null });
  const vault = world.harness().context.vault;
  const a = GENERATED_ONTOLOGY.archetypes['person-agent']!;
  const tools = buildTools(GENERATED_ONTOLOGY, {
    archetypeId: a.id,
    archetypeVersion: a.version,
    digest: a.definitionDigest,
    capabilityIds: a.capabilityIds,
    skillIds: a.skillIds,
    instructions: '',
    specialists: [],
    declaredEffects: [],
  });
  const names = median(await measure(() => knownParties(vault, world.who.alice), runs, warmup));
  const parties = await knownParties(vault, world.who.alice);
  let i = 0;
  const ground = median(
    await measure(
      async () => groundAsk({ words: ASKS[i++ % ASKS.length]!, parties, tools }),
      runs * ASKS.length,
      warmup * ASKS.length,
    ),
  );
  return [
    { name: `grounding: the vault's names (${parties.length}), real vault, median`, value: names, unit: 'ms' },
    { name: 'grounding: one ask against them, median', value: ground, unit: 'ms' },
    { name: 'grounding per ask, real vault (names + sentence)', value: names + ground, unit: 'ms', target: '≤ 5 ms' },
  ];
}
