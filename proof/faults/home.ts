import { getAddress, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createHomeAgent, fixedKeys, type HomeAgent } from '../../src/agent';
import { heldAgent } from '../../src/agent/accounts';
import { demoAddressOf } from '../../src/agent/demo';
import { storeMandate } from '../../src/agent/store-mandate';
import { buildMandate } from '../../src/wallet';
import { openDemoHome, type DemoHomeParts } from '../../src/agent/testing/demo-home';
import { FixedClock } from '../../src/harness/testing';
import { DEMO_PEOPLE, DEMO_SERVICES } from '../../src/protocol/demo-identities';
import type { Result } from '../../src/protocol/errors';
import type { AskResponse, Requirement } from '../../src/protocol/harness-reply';
import { usdcBalanceOf } from '../../src/wallet';

/**
 * A demo Home for the faults that are not about timing (corrupted rows, a tampered backup): Alice's vault on
 * fake-indexeddb and the embedded EVM, the agent built by the composition root, and what the checks need — who is
 * who, the USDC and the harness agent's nonce, the person's own signature without a resume.
 */
export type FaultHome = {
  parts: DemoHomeParts;
  agent: HomeAgent;
  clock: FixedClock;
  who: { alice: Address; nathan: Address; bob: Address };
  /** Alice's and Nathan's USDC and the harness agent's nonce, to tell whether anything moved. */
  ledger(): Promise<{ alice: bigint; nathan: bigint; nonce: number }>;
  /** The person signs the run's pending requirement and it is stored — without resuming the run. */
  signOnly(runRef: string): Promise<{ requirement: Requirement; hash: Hex }>;
};

export const keys = fixedKeys({
  owner: DEMO_PEOPLE.alice.privateKey,
  harness: DEMO_SERVICES['harness-agent'].privateKey,
});

export async function faultHome(name: string): Promise<FaultHome> {
  const clock = new FixedClock();
  const parts = await openDemoHome(clock, { name });
  const agent = createHomeAgent({ vault: parts.vault, chain: parts.chain, keys, clock, model: null });
  const who = {
    alice: getAddress(await demoAddressOf('alice')),
    nathan: getAddress(await demoAddressOf('nathan')),
    bob: getAddress(await demoAddressOf('bob')),
  };
  return {
    parts,
    agent,
    clock,
    who,
    async ledger() {
      return {
        alice: await usdcBalanceOf(parts.chain, who.alice),
        nathan: await usdcBalanceOf(parts.chain, who.nathan),
        nonce: await parts.chain.client.getTransactionCount({ address: DEMO_SERVICES['harness-agent'].address }),
      };
    },
    async signOnly(runRef) {
      const requirement = await agent.requirement(runRef);
      const owner = privateKeyToAccount(DEMO_PEOPLE.alice.privateKey);
      const signed = await buildMandate({
        chain: parts.chain,
        requirement,
        owner,
        agent: await heldAgent(parts.vault, getAddress(requirement.delegator)),
        nowSeconds: Math.floor(clock.now() / 1000),
      });
      await storeMandate(parts.vault, requirement, signed);
      return { requirement, hash: signed.hash };
    },
  };
}

/** A door's answer in words: the reply's kind and text, the refusal's code and message, or what was thrown. */
export async function inWords(
  work: () => Promise<Result<AskResponse> | { response: Result<AskResponse> }>,
): Promise<{ kind: string; code: string | null; words: string }> {
  try {
    const out = await work();
    const result = 'response' in out ? out.response : out;
    if (!result.ok) return { kind: 'error', code: result.error.code, words: result.error.message };
    const reply = result.data.reply;
    const code = reply.kind === 'refused' ? reply.error.code : null;
    const words =
      reply.kind === 'refused'
        ? reply.error.message
        : reply.kind === 'done'
          ? reply.result.text
          : 'text' in reply
            ? String(reply.text)
            : reply.kind === 'prompt'
              ? reply.prompt.text
              : reply.kind;
    return { kind: reply.kind, code, words };
  } catch (error) {
    const code =
      typeof error === 'object' && error !== null && 'code' in error
        ? String((error as { code: unknown }).code)
        : 'THROWN';
    return { kind: 'thrown', code, words: error instanceof Error ? error.message : String(error) };
  }
}

export const PAY = 'Send 2 USDC to nathan.treasury toward the retreat deposit.';

/** Asks for the demo payment and returns the run waiting for the person's mandate. */
export async function pendingPayment(home: FaultHome, message = PAY): Promise<string> {
  const asked = await home.agent.ask({ message, surface: 'sidepanel' });
  if (!asked.ok || asked.data.reply.kind !== 'authority_required')
    throw new Error(`expected authority_required for “${message}”: ${JSON.stringify(asked).slice(0, 300)}`);
  return asked.data.runRef;
}
