import { BaseError, parseEther, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SERVICES } from '../../../protocol/demo-identities';
import { fundOnLocalChain } from '../../accounts/fund';
import { createTestbed, openTestEmbeddedChain } from '../../testing/testbed';
import type { EmbeddedWalletChain } from '../open-embedded-chain';
import { HOME_CHAIN_ID } from '../home-chain';

describe('the embedded EIP-1193 provider', () => {
  let chain: EmbeddedWalletChain;
  beforeAll(async () => {
    chain = await openTestEmbeddedChain();
    await createTestbed(chain);
  }, 60_000);
  const rpc = (method: string, params: unknown[] = []) =>
    chain.provider.request({ method, params } as never) as Promise<unknown>;

  it('answers as a node: chain id, blocks, fees, storage', async () => {
    expect(await rpc('eth_chainId')).toBe(toHex(HOME_CHAIN_ID));
    const latest = (await rpc('eth_getBlockByNumber', ['latest', false])) as {
      number: string;
      hash: string;
      baseFeePerGas: string;
    };
    expect(BigInt(latest.number)).toBe(await chain.client.getBlockNumber());
    expect(await rpc('eth_getBlockByHash', [latest.hash, false])).toMatchObject({ number: latest.number });
    expect(BigInt(latest.baseFeePerGas)).toBeGreaterThan(0n);
    const fees = await chain.client.estimateFeesPerGas();
    expect(fees.maxFeePerGas).toBeGreaterThan(fees.maxPriorityFeePerGas);
    // USDC keeps totalSupply in slot 2: minted by the testbed.
    expect(BigInt((await rpc('eth_getStorageAt', [chain.usdc, '0x2', 'latest'])) as string)).toBeGreaterThan(0n);
    expect(await rpc('eth_getTransactionReceipt', [`0x${'00'.repeat(32)}`])).toBeNull();
  });

  it('refuses what it cannot answer truthfully: unknown methods, old state, bad params', async () => {
    await expect(rpc('debug_traceTransaction', [])).rejects.toMatchObject({ code: -32601 });
    await expect(rpc('eth_getBalance', [chain.usdc, '0x1'])).rejects.toMatchObject({ code: -32000 });
    await expect(rpc('eth_getBalance', ['0x1234', 'latest'])).rejects.toMatchObject({ code: -32602 });
    await expect(rpc('eth_sendRawTransaction', ['0xdeadbeef'])).rejects.toMatchObject({ code: -32000 });
  });

  it('mines on arrival, ignores a re-broadcast, and words a stale nonce as nodes do', async () => {
    const account = privateKeyToAccount(DEMO_SERVICES['harness-agent'].privateKey);
    await fundOnLocalChain(chain, account.address, parseEther('1'));
    const nonce = await chain.client.getTransactionCount({ address: account.address });
    const raw = await account.signTransaction({
      chainId: HOME_CHAIN_ID,
      to: account.address,
      value: 1n,
      nonce,
      gas: 21_000n,
      maxFeePerGas: 10n ** 10n,
      maxPriorityFeePerGas: 10n ** 9n,
    });
    const hash = await chain.client.sendRawTransaction({ serializedTransaction: raw });
    expect((await chain.client.getTransactionReceipt({ hash })).status).toBe('success');
    expect(await chain.client.sendRawTransaction({ serializedTransaction: raw })).toBe(hash);
    expect((await chain.client.getTransaction({ hash })).from.toLowerCase()).toBe(account.address.toLowerCase());
    const stale = await account.signTransaction({
      chainId: HOME_CHAIN_ID,
      to: account.address,
      value: 2n,
      nonce,
      gas: 21_000n,
      maxFeePerGas: 10n ** 10n,
      maxPriorityFeePerGas: 10n ** 9n,
    });
    const error = await chain.client.sendRawTransaction({ serializedTransaction: stale }).catch((e: unknown) => e);
    expect(error instanceof BaseError && error.details).toBe('nonce too low');
  });

  it('moves time with evm_increaseTime and evm_mine, and serves concurrent requests one at a time', async () => {
    const before = (await chain.client.getBlock()).timestamp;
    await rpc('evm_increaseTime', [3600]);
    await rpc('evm_mine');
    expect((await chain.client.getBlock()).timestamp).toBeGreaterThanOrEqual(before + 3600n);
    const balances = await Promise.all(
      Array.from({ length: 20 }, () => chain.client.getBalance({ address: chain.usdc! })),
    );
    expect(new Set(balances.map(String)).size).toBe(1);
  });
});

describe('the embedded provider under a bad call', () => {
  it('words an EVM refusal as a node error instead of throwing a raw one', async () => {
    const chain = await openTestEmbeddedChain();
    const failure = await chain.provider
      .request({ method: 'eth_call', params: [{ to: chain.usdc, gas: '0x1' }, 'latest'] } as never)
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: -32000 });
  });
});
