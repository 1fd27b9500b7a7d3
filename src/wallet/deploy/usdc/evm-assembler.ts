import { bytesToHex, hexToBytes, numberToHex, type Hex } from 'viem';

/**
 * A tiny two-pass EVM assembler: opcodes by name, pushes sized to their value, labels (JUMPDEST) and references to
 * them (always PUSH2, so offsets are known in one pass). There is no Solidity compiler on these machines, so the test
 * USDC token is written in this form (usdc-program.ts) and assembled at load: the source is the program itself.
 */
const OPCODES = {
  STOP: 0x00,
  ADD: 0x01,
  SUB: 0x03,
  LT: 0x10,
  GT: 0x11,
  EQ: 0x14,
  ISZERO: 0x15,
  NOT: 0x19,
  SHR: 0x1c,
  SHA3: 0x20,
  CALLER: 0x33,
  CALLVALUE: 0x34,
  CALLDATALOAD: 0x35,
  CALLDATASIZE: 0x36,
  CODECOPY: 0x39,
  POP: 0x50,
  MLOAD: 0x51,
  MSTORE: 0x52,
  SLOAD: 0x54,
  SSTORE: 0x55,
  JUMP: 0x56,
  JUMPI: 0x57,
  JUMPDEST: 0x5b,
  DUP1: 0x80,
  DUP2: 0x81,
  DUP3: 0x82,
  SWAP1: 0x90,
  SWAP2: 0x91,
  LOG3: 0xa3,
  RETURN: 0xf3,
  REVERT: 0xfd,
} as const;

export type Opcode = keyof typeof OPCODES;
export type Item = Opcode | { push: bigint | Hex } | { label: string } | { ref: string };

export const push = (value: bigint | number | Hex): Item => ({
  push: typeof value === 'number' ? BigInt(value) : value,
});
export const label = (name: string): Item => ({ label: name });
export const ref = (name: string): Item => ({ ref: name });

function pushBytes(value: bigint | Hex): Uint8Array {
  const hex = typeof value === 'bigint' ? numberToHex(value) : value;
  const bytes = hexToBytes(hex.length % 2 === 1 ? `0x0${hex.slice(2)}` : hex);
  if (bytes.length > 32) throw new Error('a push holds at most 32 bytes');
  return bytes.length === 0 ? new Uint8Array([0]) : bytes;
}

function sizeOf(item: Item): number {
  if (typeof item === 'string') return 1;
  if ('push' in item) return 1 + pushBytes(item.push).length;
  if ('ref' in item) return 3;
  return 1;
}

/** Assembles a program; throws on an unknown or duplicate label (a defect in the program, not input). */
export function assemble(program: readonly Item[]): Hex {
  const labels = new Map<string, number>();
  let offset = 0;
  for (const item of program) {
    if (typeof item !== 'string' && 'label' in item) {
      if (labels.has(item.label)) throw new Error(`label ${item.label} defined twice`);
      labels.set(item.label, offset);
    }
    offset += sizeOf(item);
  }
  const out: number[] = [];
  for (const item of program) {
    if (typeof item === 'string') out.push(OPCODES[item]);
    else if ('label' in item) out.push(OPCODES.JUMPDEST);
    else if ('ref' in item) {
      const target = labels.get(item.ref);
      if (target === undefined) throw new Error(`label ${item.ref} is not defined`);
      out.push(0x61, target >> 8, target & 0xff);
    } else {
      const bytes = pushBytes(item.push);
      out.push(0x5f + bytes.length, ...bytes);
    }
  }
  return bytesToHex(new Uint8Array(out));
}

/** Init code that returns `runtime` as the contract's code: the standard CODECOPY/RETURN preamble (13 bytes). */
export function deployable(runtime: Hex): Hex {
  const length = (runtime.length - 2) / 2;
  const preamble = assemble([
    { push: `0x${length.toString(16).padStart(4, '0')}` },
    'DUP1',
    { push: '0x000d' },
    push(0),
    'CODECOPY',
    push(0),
    'RETURN',
  ]);
  if ((preamble.length - 2) / 2 !== 13) throw new Error('the preamble must be 13 bytes');
  return `${preamble}${runtime.slice(2)}`;
}
