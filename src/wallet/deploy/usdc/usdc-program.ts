import { keccak256, stringToBytes, toFunctionSelector, toHex, type Hex } from 'viem';
import { label, push, ref, type Item } from './evm-assembler';

/**
 * The test USDC token as an EVM program: a minimal ERC-20 (6 decimals) with a public `mint`, written by hand because
 * no Solidity compiler runs here. Behaviour follows OpenZeppelin's ERC20 where a caller can see it:
 *   - storage: balances at keccak256(abi.encode(owner, 0)), allowances at
 *     keccak256(abi.encode(spender, keccak256(abi.encode(owner, 1)))), totalSupply at slot 2;
 *   - reverts with Error(string) "ERC20: transfer amount exceeds balance" / "ERC20: insufficient allowance" /
 *     "ERC20: mint overflow"; an unknown selector, a short calldata, dirty address bits or sent ether revert empty;
 *   - an allowance of 2^256-1 is never decreased; Transfer and Approval events as in ERC-20.
 * `mint(address,uint256)` is open to anyone: it is test money on a local chain, never a real asset.
 * Memory: 0x00–0x3f hashing scratch; 0x80 from, 0xa0 to, 0xc0 amount.
 */
export const USDC_NAME = 'USD Coin (Home Agent test)';
export const USDC_SYMBOL = 'USDC';
export const USDC_DECIMALS = 6;

const TRANSFER_TOPIC = keccak256(stringToBytes('Transfer(address,address,uint256)'));
const APPROVAL_TOPIC = keccak256(stringToBytes('Approval(address,address,uint256)'));
const FROM = 0x80;
const TO = 0xa0;
const AMOUNT = 0xc0;

const arg = (index: number): Item[] => [push(4 + 32 * index), 'CALLDATALOAD'];
/** An address argument; dirty upper bits revert, as Solidity's ABI decoder does. */
const addressArg = (index: number): Item[] => [...arg(index), 'DUP1', push(0xa0), 'SHR', ref('revert'), 'JUMPI'];
const needArgs = (count: number): Item[] => [push(4 + 32 * count), 'CALLDATASIZE', 'LT', ref('revert'), 'JUMPI'];
/** [owner] → [balance slot] */
const balanceSlot: Item[] = [push(0), 'MSTORE', push(0), push(0x20), 'MSTORE', push(0x40), push(0), 'SHA3'];
/** [spender, owner] → [allowance slot] */
const allowanceSlot: Item[] = [
  push(0),
  'MSTORE',
  push(1),
  push(0x20),
  'MSTORE',
  push(0x40),
  push(0),
  'SHA3',
  push(0x20),
  'MSTORE',
  push(0),
  'MSTORE',
  push(0x40),
  push(0),
  'SHA3',
];
const returnWord: Item[] = [push(0), 'MSTORE', push(0x20), push(0), 'RETURN'];

/** A string's bytes as 32-byte words, zero-padded on the right (ABI encoding of string data). */
function words(text: string): Hex[] {
  const bytes = stringToBytes(text);
  const out: Hex[] = [];
  for (let i = 0; i < bytes.length; i += 32) {
    const word = new Uint8Array(32);
    word.set(bytes.slice(i, i + 32));
    out.push(toHex(word));
  }
  return out;
}

/** ABI-encoded string at memory `base` (offset word, length, data): returns the end offset. */
function writeString(text: string, base: number): { items: Item[]; end: number } {
  const chunks = words(text);
  const items: Item[] = [
    push(0x20),
    push(base),
    'MSTORE',
    push(stringToBytes(text).length),
    push(base + 0x20),
    'MSTORE',
  ];
  chunks.forEach((chunk, i) => items.push(push(chunk), push(base + 0x40 + 32 * i), 'MSTORE'));
  return { items, end: base + 0x40 + 32 * chunks.length };
}

const returnString = (text: string): Item[] => {
  const { items, end } = writeString(text, 0);
  return [...items, push(end), push(0), 'RETURN'];
};

const revertWith = (reason: string): Item[] => {
  const { items, end } = writeString(reason, 4);
  return [
    push(BigInt(toFunctionSelector('Error(string)')) << 224n),
    push(0),
    'MSTORE',
    ...items,
    push(end),
    push(0),
    'REVERT',
  ];
};

/** Moves AMOUNT from FROM to TO (memory), reverting when FROM's balance is short, and emits Transfer. */
const move: Item[] = [
  push(FROM),
  'MLOAD',
  ...balanceSlot,
  'DUP1',
  'SLOAD',
  push(AMOUNT),
  'MLOAD',
  'DUP2',
  'DUP2',
  'GT',
  ref('short-balance'),
  'JUMPI',
  'SWAP1',
  'SUB',
  'SWAP1',
  'SSTORE',
  push(TO),
  'MLOAD',
  ...balanceSlot,
  'DUP1',
  'SLOAD',
  push(AMOUNT),
  'MLOAD',
  'ADD',
  'SWAP1',
  'SSTORE',
  push(TO),
  'MLOAD',
  push(FROM),
  'MLOAD',
  push(TRANSFER_TOPIC),
  push(0x20),
  push(AMOUNT),
  'LOG3',
];

const functions: [string, Item[]][] = [
  ['name()', returnString(USDC_NAME)],
  ['symbol()', returnString(USDC_SYMBOL)],
  ['decimals()', [push(USDC_DECIMALS), ...returnWord]],
  ['totalSupply()', [push(2), 'SLOAD', ...returnWord]],
  ['balanceOf(address)', [...needArgs(1), ...addressArg(0), ...balanceSlot, 'SLOAD', ...returnWord]],
  [
    'allowance(address,address)',
    [...needArgs(2), ...addressArg(1), ...addressArg(0), ...allowanceSlot, 'SLOAD', ...returnWord],
  ],
  [
    'transfer(address,uint256)',
    [
      ...needArgs(2),
      'CALLER',
      push(FROM),
      'MSTORE',
      ...addressArg(0),
      push(TO),
      'MSTORE',
      ...arg(1),
      push(AMOUNT),
      'MSTORE',
      ...move,
      push(1),
      ...returnWord,
    ],
  ],
  [
    'transferFrom(address,address,uint256)',
    [
      ...needArgs(3),
      ...addressArg(0),
      push(FROM),
      'MSTORE',
      ...addressArg(1),
      push(TO),
      'MSTORE',
      ...arg(2),
      push(AMOUNT),
      'MSTORE',
      'CALLER',
      push(FROM),
      'MLOAD',
      ...allowanceSlot,
      'DUP1',
      'SLOAD',
      'DUP1',
      push(0),
      'NOT',
      'EQ',
      ref('unlimited'),
      'JUMPI',
      push(AMOUNT),
      'MLOAD',
      'DUP2',
      'DUP2',
      'GT',
      ref('short-allowance'),
      'JUMPI',
      'SWAP1',
      'SUB',
      'SWAP1',
      'SSTORE',
      ref('spend'),
      'JUMP',
      label('unlimited'),
      'POP',
      'POP',
      label('spend'),
      ...move,
      push(1),
      ...returnWord,
    ],
  ],
  [
    'approve(address,uint256)',
    [
      ...needArgs(2),
      ...addressArg(0),
      'CALLER',
      ...allowanceSlot,
      ...arg(1),
      'SWAP1',
      'SSTORE',
      ...arg(1),
      push(AMOUNT),
      'MSTORE',
      ...addressArg(0),
      'CALLER',
      push(APPROVAL_TOPIC),
      push(0x20),
      push(AMOUNT),
      'LOG3',
      push(1),
      ...returnWord,
    ],
  ],
  [
    'mint(address,uint256)',
    [
      ...needArgs(2),
      ...addressArg(0),
      push(TO),
      'MSTORE',
      ...arg(1),
      push(AMOUNT),
      'MSTORE',
      push(2),
      'SLOAD',
      push(AMOUNT),
      'MLOAD',
      'DUP2',
      'ADD',
      'DUP1',
      'SWAP2',
      'GT',
      ref('overflow'),
      'JUMPI',
      push(2),
      'SSTORE',
      push(TO),
      'MLOAD',
      ...balanceSlot,
      'DUP1',
      'SLOAD',
      push(AMOUNT),
      'MLOAD',
      'ADD',
      'SWAP1',
      'SSTORE',
      push(TO),
      'MLOAD',
      push(0),
      push(TRANSFER_TOPIC),
      push(0x20),
      push(AMOUNT),
      'LOG3',
      'STOP',
    ],
  ],
];

/** The runtime program: non-payable guard, selector dispatch, the functions, the shared reverts. */
export const USDC_RUNTIME: Item[] = [
  'CALLVALUE',
  ref('revert'),
  'JUMPI',
  push(4),
  'CALLDATASIZE',
  'LT',
  ref('revert'),
  'JUMPI',
  push(0),
  'CALLDATALOAD',
  push(0xe0),
  'SHR',
  ...functions.flatMap(([signature], i): Item[] => [
    'DUP1',
    push(toFunctionSelector(signature)),
    'EQ',
    ref(`fn${i}`),
    'JUMPI',
  ]),
  label('revert'),
  push(0),
  'DUP1',
  'REVERT',
  ...functions.flatMap(([, body], i): Item[] => [label(`fn${i}`), ...body]),
  label('short-balance'),
  ...revertWith('ERC20: transfer amount exceeds balance'),
  label('short-allowance'),
  ...revertWith('ERC20: insufficient allowance'),
  label('overflow'),
  ...revertWith('ERC20: mint overflow'),
];
