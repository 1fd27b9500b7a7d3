import { beforeAll, describe, expect, it } from 'vitest';
import { deploySmartAgent } from '../accounts/deploy-smart-agent';
import { createTestbed, openTestEmbeddedChain, type Testbed } from '../testing/testbed';
import { mintTestUsdc, usdcBalanceOf } from './usdc';
import { previewUsdcTransfer, previewUsdcTransfers } from './preview-transfer';

let bed: Testbed;
beforeAll(async () => {
  bed = await createTestbed(await openTestEmbeddedChain());
}, 60_000);

describe('a USDC transfer previewed on the embedded EVM', () => {
  it('a deployed Smart Agent: the chain itself makes the transfer and reads both balances, then forgets it', async () => {
    await deploySmartAgent(bed.chain, bed.alice.agent, bed.harness);
    const [from, to] = [bed.alice.agent.address, bed.bob.agent.address];
    const before = [await usdcBalanceOf(bed.chain, from), await usdcBalanceOf(bed.chain, to)];
    const preview = await previewUsdcTransfer(bed.chain, { from, to, amount: 5_000_000n });
    expect(preview).toEqual({
      ok: true,
      simulated: 'account',
      changes: [
        { address: from, before: before[0], after: before[0]! - 5_000_000n },
        { address: to, before: before[1], after: before[1]! + 5_000_000n },
      ],
    });
    // Nothing moved: the simulation's state was thrown away.
    expect(await usdcBalanceOf(bed.chain, from)).toBe(before[0]);
    expect(await usdcBalanceOf(bed.chain, to)).toBe(before[1]);
  });

  it('more than the account holds: the chain refuses, in words, and nothing is shown as after', async () => {
    const from = bed.alice.agent.address;
    const held = await usdcBalanceOf(bed.chain, from);
    const preview = await previewUsdcTransfer(bed.chain, { from, to: bed.bob.agent.address, amount: held + 1n });
    expect(preview).toEqual({ ok: false, reason: 'The paying account does not hold enough of the token.' });
  });

  it('an account not deployed yet: the token runs the transfer from its address', async () => {
    const fresh = await bed.freshAgent('carol');
    await mintTestUsdc(bed.chain, { to: fresh.agent.address, amount: 7_000_000n, sender: bed.harness });
    const to = bed.bob.agent.address;
    const toBefore = await usdcBalanceOf(bed.chain, to);
    const preview = await previewUsdcTransfer(bed.chain, { from: fresh.agent.address, to, amount: 2_000_000n });
    expect(preview).toEqual({
      ok: true,
      simulated: 'token',
      changes: [
        { address: fresh.agent.address, before: 7_000_000n, after: 5_000_000n },
        { address: to, before: toBefore, after: toBefore + 2_000_000n },
      ],
    });
    const over = await previewUsdcTransfer(bed.chain, { from: fresh.agent.address, to, amount: 8_000_000n });
    expect(over.ok).toBe(false);
  });

  it('two payments from one account: the second starts from what the first leaves, on the chain and without code', async () => {
    const [bob, carol] = [bed.bob.agent.address, bed.carol.agent.address];
    const transfers = [
      { to: bob, amount: 5_000_000n },
      { to: carol, amount: 3_000_000n },
    ];
    for (const from of [bed.alice.agent.address, (await bed.freshAgent('carol')).agent.address]) {
      if (from !== bed.alice.agent.address)
        await mintTestUsdc(bed.chain, { to: from, amount: 10_000_000n, sender: bed.harness });
      const held = await usdcBalanceOf(bed.chain, from);
      const [first, second] = await previewUsdcTransfers(bed.chain, { from, transfers });
      expect(first).toMatchObject({ ok: true, changes: [{ before: held, after: held - 5_000_000n }, {}] });
      expect(second).toMatchObject({
        ok: true,
        changes: [{ before: held - 5_000_000n, after: held - 8_000_000n }, {}],
      });
      expect(await usdcBalanceOf(bed.chain, from)).toBe(held);
    }
    // Together more than the fresh account holds: the chain refuses, though each alone would pass.
    const poor = (await bed.freshAgent('carol')).agent.address;
    await mintTestUsdc(bed.chain, { to: poor, amount: 6_000_000n, sender: bed.harness });
    const both = await previewUsdcTransfers(bed.chain, { from: poor, transfers });
    expect(both.every((p) => !p.ok)).toBe(true);
  });
});
