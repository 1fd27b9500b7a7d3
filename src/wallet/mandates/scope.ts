import { erc20Abi, getAddress, toFunctionSelector, type Address } from 'viem';
import type { IntentBinding, MandateScope, TimeWindow } from '../../protocol/delegation';

const TRANSFER_SELECTOR = toFunctionSelector(erc20Abi.find((f) => f.type === 'function' && f.name === 'transfer')!);

/** A mandate for an ERC-20 payment: this token, at most this amount, to this recipient, `calls` times (1 by default). */
export function paymentMandateScope(p: {
  chainId: number;
  binding: IntentBinding;
  token: Address;
  maxAmount: bigint;
  recipient: Address;
  window: TimeWindow;
  calls?: number;
}): MandateScope {
  return {
    type: 'home-agent/mandate',
    version: 1,
    chainId: p.chainId,
    binding: p.binding,
    act: {
      kind: 'chain',
      target: getAddress(p.token),
      selector: TRANSFER_SELECTOR,
      maxValue: '0',
      erc20: { token: getAddress(p.token), maxAmount: p.maxAmount.toString(), recipient: getAddress(p.recipient) },
    },
    window: p.window,
    calls: p.calls ?? 1,
  };
}

/** A mandate for an act that is not a chain call; the capability is the binding's `capabilityId`. */
export function offChainMandateScope(p: {
  chainId: number;
  binding: IntentBinding;
  window: TimeWindow;
  calls?: number;
}): MandateScope {
  return {
    type: 'home-agent/mandate',
    version: 1,
    chainId: p.chainId,
    binding: p.binding,
    act: { kind: 'offchain' },
    window: p.window,
    calls: p.calls ?? 1,
  };
}
