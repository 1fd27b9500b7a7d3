import { createCustomCommon, Mainnet } from '@ethereumjs/common';
import { EVM, EVMMockBlockchain, NobleBLS as RealBLS, NobleBN254 as RealBN254 } from '@ethereumjs/evm';
import { SimpleStateManager } from '@ethereumjs/statemanager';
import { createAddressFromString } from '@ethereumjs/util';
import { describe, expect, it } from 'vitest';
import { HOME_CHAIN_ID, HOME_HARDFORK } from '../../src/wallet/chain/home-chain';
import { NobleBLS, NobleBN254 } from './no-pairing-precompiles';
import { PAIRING_BACKENDS } from './no-pairing-precompiles-plugin';

const methods = (type: { prototype: object }) =>
  Object.getOwnPropertyNames(type.prototype)
    .filter((name) => name !== 'constructor')
    .sort();

describe("the extension build's stand-in for the EVM's pairing backends", () => {
  it('has every method of the real backends, so no precompile finds one missing', () => {
    expect(methods(NobleBLS)).toEqual(methods(RealBLS));
    expect(methods(NobleBN254)).toEqual(methods(RealBN254));
    expect(PAIRING_BACKENDS.test('/x/node_modules/@ethereumjs/evm/dist/esm/precompiles/bn254/noble.js')).toBe(true);
    expect(PAIRING_BACKENDS.test('/x/node_modules/@ethereumjs/evm/dist/esm/precompiles/bn254/index.js')).toBe(false);
  });

  it('makes a call to a pairing precompile fail as bad input does, and leaves the EVM running', async () => {
    const common = createCustomCommon({ chainId: HOME_CHAIN_ID }, Mainnet, { hardfork: HOME_HARDFORK });
    // The EVM's constructor, as the worker's VM builds it (createEVM would put the real BN254 backend back).
    const evm = new EVM({
      common,
      blockchain: new EVMMockBlockchain(),
      stateManager: new SimpleStateManager(),
      bls: new NobleBLS(),
      bn254: new NobleBN254(),
    });
    for (const [address, bytes] of [
      ['0x0000000000000000000000000000000000000006', 128],
      ['0x000000000000000000000000000000000000000b', 256],
    ] as const) {
      const result = await evm.runCall({
        to: createAddressFromString(address),
        data: new Uint8Array(bytes),
        gasLimit: 1_000_000n,
      });
      expect(result.execResult.exceptionError, address).toBeDefined();
    }
    // An ordinary precompile still answers: identity (0x04) echoes its input.
    const echo = await evm.runCall({
      to: createAddressFromString('0x0000000000000000000000000000000000000004'),
      data: new Uint8Array([1, 2, 3]),
      gasLimit: 100_000n,
    });
    expect([...echo.execResult.returnValue]).toEqual([1, 2, 3]);
  });
});
