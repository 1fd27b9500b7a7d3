import type { Mandate } from '../../protocol/delegation';
import { signScopedDelegation } from '../delegations/sign-scoped-delegation';
import { paymentMandateScope } from '../mandates/scope';
import type { Party, Testbed } from './testbed';

export type PaymentMandateToBobParameters = {
  /** The binding's capability and step. */
  capability: string;
  stepRef: string;
  maxAmount: bigint;
  /** How many redemptions it allows (the scope's default when absent). */
  calls?: number;
  /** Whose Smart Agent signs (Alice unless said). */
  payer?: Party;
};

/** A payment mandate from `payer` to the harness agent: up to `maxAmount` USDC to Bob, valid for ten minutes. */
export function paymentMandateToBob(
  b: Testbed,
  { capability, stepRef, maxAmount, calls, payer = b.alice }: PaymentMandateToBobParameters,
): Promise<Mandate> {
  return signScopedDelegation(b.chain, {
    owner: payer.owner,
    agent: payer.agent,
    delegate: b.harness.address,
    scope: paymentMandateScope({
      chainId: b.chain.chainId,
      binding: b.binding(capability, stepRef),
      token: b.chain.usdc!,
      maxAmount,
      recipient: b.bob.agent.address,
      window: b.window(-60, 600),
      ...(calls === undefined ? {} : { calls }),
    }),
  });
}
