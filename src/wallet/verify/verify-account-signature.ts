import {
  encodeDeployData,
  encodeFunctionData,
  erc6492SignatureValidatorAbi,
  erc6492SignatureValidatorByteCode,
  isAddressEqual,
  isErc6492Signature,
  parseAbi,
  parseErc6492Signature,
  recoverAddress,
  type Address,
  type Hex,
} from 'viem';
import { call, getCode } from 'viem/actions';
import { SignatureHex } from '../../protocol/delegation';
import type { WalletChain } from '../chain/wallet-chain';
import { isRevert } from './classify-call-error';
import { CHAIN_UNAVAILABLE_MESSAGE, refuse, type Verdict, guarded } from './verdict';

export type VerifyAccountSignatureParameters = {
  account: Address;
  hash: Hex;
  signature: Hex;
  /** Accept a plain key's signature for an address with no code and no ERC-6492 wrapper. Off by default. */
  allowKeyAccount?: boolean;
};
export type VerifyAccountSignatureReturnType = Verdict<{ via: 'erc1271' | 'erc6492' | 'ecdsa' }>;

/** Gas cap for a verification call: an account's code cannot make the verifier spin. */
const VERIFY_GAS = 3_000_000n;
const ERC1271_MAGIC = '0x1626ba7e';
const erc1271Abi = parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)']);
const INVALID = 'This signature is not valid for that account.';

/**
 * Verifies a signature for an account, failing closed (unlike viem's verifyHash, which falls back to ecrecover when
 * the chain call fails). Deployed account → ERC-1271 `isValidSignature` (an ERC-6492 wrapper is unwrapped first).
 * No code → the signature must carry the deployment (ERC-6492), checked by the deployless universal validator.
 * No code and no wrapper → refused, unless the caller says the address may be a plain key (then ECDSA only).
 * Calls run without CCIP-Read (an account's code must not make the verifier fetch URLs) and under a gas cap.
 */
export async function verifyAccountSignature(
  chain: WalletChain,
  parameters: VerifyAccountSignatureParameters,
): Promise<VerifyAccountSignatureReturnType> {
  return guarded('signature', () => _verifyAccountSignature(chain, parameters));
}

async function _verifyAccountSignature(
  chain: WalletChain,
  parameters: VerifyAccountSignatureParameters,
): Promise<VerifyAccountSignatureReturnType> {
  const { account, hash, signature } = parameters;
  if (!SignatureHex.safeParse(signature).success)
    return refuse('SIGNATURE_INVALID', 'The signature is malformed or truncated.');
  const client = { ...chain.client, ccipRead: false as const };
  let code: Hex | undefined;
  try {
    code = await getCode(client, { address: account });
  } catch {
    return refuse('CHAIN_UNAVAILABLE', CHAIN_UNAVAILABLE_MESSAGE);
  }
  const wrapped = isErc6492Signature(signature);
  if (code !== undefined && code !== '0x') {
    const inner = wrapped ? parseErc6492Signature(signature).signature : signature;
    const data = encodeFunctionData({ abi: erc1271Abi, functionName: 'isValidSignature', args: [hash, inner] });
    return answer(
      () => call(client, { to: account, data, gas: VERIFY_GAS }),
      (result) => result.startsWith(ERC1271_MAGIC),
      'erc1271',
    );
  }
  if (wrapped) {
    const data = encodeDeployData({
      abi: erc6492SignatureValidatorAbi,
      bytecode: erc6492SignatureValidatorByteCode,
      args: [account, hash, signature],
    });
    return answer(
      () => call(client, { data, gas: VERIFY_GAS }),
      (result) => result === '0x01' || BigInt(result || '0x0') === 1n,
      'erc6492',
    );
  }
  if (parameters.allowKeyAccount === true) {
    try {
      return isAddressEqual(await recoverAddress({ hash, signature }), account)
        ? { ok: true, via: 'ecdsa' }
        : refuse('SIGNATURE_INVALID', INVALID);
    } catch {
      return refuse('SIGNATURE_INVALID', 'The signature is malformed or truncated.');
    }
  }
  return refuse(
    'SIGNATURE_INVALID',
    'That account is not deployed and the signature does not carry its deployment (ERC-6492).',
  );
}

async function answer(
  run: () => Promise<{ data?: Hex | undefined }>,
  valid: (result: Hex) => boolean,
  via: 'erc1271' | 'erc6492',
): Promise<VerifyAccountSignatureReturnType> {
  try {
    const { data } = await run();
    return data !== undefined && valid(data) ? { ok: true, via } : refuse('SIGNATURE_INVALID', INVALID);
  } catch (error) {
    return isRevert(error)
      ? refuse('SIGNATURE_INVALID', INVALID)
      : refuse('CHAIN_UNAVAILABLE', CHAIN_UNAVAILABLE_MESSAGE);
  }
}
