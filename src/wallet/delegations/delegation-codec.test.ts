import { encodeDelegations, hashDelegation } from '@metamask/delegation-core';
import { encodeAbiParameters } from 'viem';
import { describe, expect, it } from 'vitest';
import type { Delegation } from '../../protocol/delegation';
import { HOME_ENVIRONMENT } from '../deploy/environment';
import { caveatsForScope } from './caveats-for-scope';
import { delegationHashOf, toDelegationStruct } from './delegation-codec';
import { encodePermissionContext } from './permission-context';
import { wireScope } from './scopes';

describe('the delegation codec', () => {
  const scope = wireScope({
    chainId: 31337,
    origin: 'http://127.0.0.1:8787',
    window: { validAfter: 100, validBefore: 200 },
  });
  const delegation: Delegation = {
    delegate: '0x1111111111111111111111111111111111111111',
    delegator: '0x2222222222222222222222222222222222222222',
    authority: `0x${'ff'.repeat(32)}`,
    caveats: caveatsForScope(scope, HOME_ENVIRONMENT),
    salt: '123456789012345678901234567890',
    signature: '0xabcdef',
  };

  it('hashes a delegation exactly as delegation-core (and the DelegationManager) does, whatever its signature', () => {
    expect(delegationHashOf(delegation)).toBe(hashDelegation(toDelegationStruct(delegation)));
    expect(delegationHashOf({ ...delegation, signature: '0x' })).toBe(delegationHashOf(delegation));
    expect(delegationHashOf({ ...delegation, salt: '123456789012345678901234567891' })).not.toBe(
      delegationHashOf(delegation),
    );
  });

  it('encodes a redemption context exactly as delegation-core does', () => {
    expect(encodePermissionContext([delegation])).toBe(encodeDelegations([toDelegationStruct(delegation)]));
    expect(encodeAbiParameters([{ type: 'uint256' }], [toDelegationStruct(delegation).salt])).toBe(
      `0x${123456789012345678901234567890n.toString(16).padStart(64, '0')}`,
    );
  });
});
