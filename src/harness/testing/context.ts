import type { HarnessContext } from '../kernel/context';
import { GENERATED_ONTOLOGY } from '../kernel/ontology';
import type { ModelPort } from '../kernel/model-port';
import type { OutsideAgentExecutor } from '../kernel/outside-agent';
import type { HarnessSettings } from '../kernel/settings';
import { memoryWorld } from './memory-world';
import type { MemoryVault } from './memory-vault';
import type { MemoryWallet } from './memory-wallet';
import type { World } from './world';

/**
 * A harness context over the demo world's fakes, for a stage's own test: `stage(ctx, input)` with the real
 * ontology and Alice's demo vault. The vault and wallet are exposed for a test to arrange or inspect.
 */
export async function demoContext(
  options: {
    model?: ModelPort | null;
    settings?: Partial<HarnessSettings>;
    outsideAgents?: readonly OutsideAgentExecutor[];
  } = {},
): Promise<{
  ctx: HarnessContext;
  world: World;
  vault: MemoryVault;
  wallet: MemoryWallet;
}> {
  const world = await memoryWorld({
    model: options.model ?? null,
    ontology: GENERATED_ONTOLOGY,
    ...(options.settings !== undefined ? { settings: options.settings } : {}),
    ...(options.outsideAgents !== undefined ? { outsideAgents: options.outsideAgents } : {}),
  });
  const ctx = world.harness().context;
  return { ctx, world, vault: ctx.vault as MemoryVault, wallet: ctx.authority as MemoryWallet };
}
