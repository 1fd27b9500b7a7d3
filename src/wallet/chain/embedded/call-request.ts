import { z } from 'zod';

const hex = z
  .string()
  .regex(/^0x[0-9a-fA-F]*$/, 'hex')
  .max(2 * 256 * 1024);
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'an address');
const quantity = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'a hex quantity');

/**
 * The call object of `eth_call` / `eth_estimateGas`, as viem sends it. Fees are accepted and ignored: calls run at
 * zero gas price, as anvil runs them when none is given.
 */
export const CallRequest = z
  .object({
    from: address.optional(),
    to: address.nullable().optional(),
    data: hex.optional(),
    input: hex.optional(),
    value: quantity.optional(),
    gas: quantity.optional(),
    gasPrice: quantity.optional(),
    maxFeePerGas: quantity.optional(),
    maxPriorityFeePerGas: quantity.optional(),
    nonce: quantity.optional(),
    type: z.string().optional(),
    accessList: z.array(z.unknown()).optional(),
  })
  .strip();
export type CallRequest = z.infer<typeof CallRequest>;
