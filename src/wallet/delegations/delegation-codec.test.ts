import { getDelegationHashOffchain } from '@metamask/delegation-toolkit/utils';
import { describe, expect, it } from 'vitest';
import type { Delegation } from '../../protocol/delegation';
import { HOME_ENVIRONMENT } from '../deploy/environment';
import { caveatsForScope } from './caveats-for-scope';
import { delegationHashOf, toToolkitDelegation, toWireDelegation } from './delegation-codec';
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

  it('hashes a delegation exactly as the toolkit (and the DelegationManager) does, whatever its signature', () => {
    expect(delegationHashOf(delegation)).toBe(getDelegationHashOffchain(toToolkitDelegation(delegation)));
    expect(delegationHashOf({ ...delegation, signature: '0x' })).toBe(delegationHashOf(delegation));
    expect(delegationHashOf({ ...delegation, salt: '123456789012345678901234567891' })).not.toBe(
      delegationHashOf(delegation),
    );
  });

  it('round-trips between the wire form (decimal salt) and the toolkit form (hex salt)', () => {
    const back = toWireDelegation(toToolkitDelegation(delegation));
    expect(back).toEqual({
      ...delegation,
      delegate: '0x1111111111111111111111111111111111111111',
      delegator: '0x2222222222222222222222222222222222222222',
    });
    expect(toToolkitDelegation(delegation).salt).toBe('0x18ee90ff6c373e0ee4e3f0ad2');
  });
});
