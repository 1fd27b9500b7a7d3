import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isCataloguedCode } from './error-codes';

/**
 * The catalogue (error-codes.ts) against the sources: every code the extension side uses in an error is catalogued,
 * and every catalogued code is used. Read from the source text, so a code added in any file is seen without that file
 * importing anything. Tests are not read: they may make up codes of their own.
 */
const ROOT = resolve(__dirname, '../..');
const SCANNED = ['src', 'entrypoints', 'cli'];
/** Node's own system error codes, compared against but never ours to raise. */
const NODE_CODES = new Set(['ENOENT']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !/\.generated\./.test(name) ? [path] : [];
  });
}

const CODE = String.raw`'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)'`;
/** Where a literal is an error code: thrown, returned as a refusal, compared against, or listed in a code type. */
const IN_CONTEXT = [
  new RegExp(String.raw`new HomeError\(\s*${CODE}`, 'g'),
  new RegExp(String.raw`\bcode:\s*${CODE}`, 'g'),
  new RegExp(String.raw`\b(?:refuse|refused|modelError)\(\s*${CODE}`, 'g'),
  new RegExp(String.raw`\bcode\s*[!=]==?\s*${CODE}`, 'g'),
];
/** A union or enum of codes: `Refusal<'A' | 'B'>`, `type XCode = 'A' | 'B'`, `XCode = z.enum(['A', 'B'])`. */
const CODE_LISTS = /Refusal<([^>]*)>|type \w*Code\w* =([^;]*);|Code\w* = z\.enum\(\[([^\]]*)\]/g;

export function codesUsedIn(source: string): string[] {
  const codes = new Set<string>();
  for (const pattern of IN_CONTEXT) for (const match of source.matchAll(pattern)) codes.add(match[1]!);
  for (const list of source.matchAll(CODE_LISTS)) {
    const members = list[1] ?? list[2] ?? list[3] ?? '';
    for (const member of members.matchAll(new RegExp(CODE, 'g'))) codes.add(member[1]!);
  }
  return [...codes].filter((code) => !NODE_CODES.has(code));
}

function usedCodes(): Map<string, string> {
  const firstUse = new Map<string, string>();
  for (const file of SCANNED.flatMap((dir) => sourceFiles(join(ROOT, dir))))
    for (const code of codesUsedIn(readFileSync(file, 'utf8')))
      if (!firstUse.has(code)) firstUse.set(code, relative(ROOT, file));
  return firstUse;
}

describe('the error catalogue', () => {
  const used = usedCodes();

  it('holds every code the sources use in an error', () => {
    const missing = [...used].filter(([code]) => !isCataloguedCode(code)).map(([code, file]) => `${code} (${file})`);
    expect(missing).toEqual([]);
  });

  it('holds no code that nothing uses', () => {
    expect(Object.keys(ERROR_CODES).filter((code) => !used.has(code))).toEqual([]);
  });

  it('gives each code one line that says what it means', () => {
    const unfit = Object.entries(ERROR_CODES).filter(([, meaning]) => !/^[A-Z].{9,99}\.$/.test(meaning));
    expect(unfit).toEqual([]);
  });

  it('finds a code in each place one is used, and not elsewhere', () => {
    const planted = [
      "throw new HomeError('PLANTED_THROWN', 'words');",
      'throw new HomeError(\n  `PLANTED_NOT_A_LITERAL`, words);',
      "return { ok: false, code: 'PLANTED_RETURNED', reason: 'words' };",
      "return refuse('PLANTED_REFUSED', 'words', 400);",
      "if (error.code === 'PLANTED_COMPARED') return;",
      "if (code === 'ENOENT') return;",
      "type Spend = Refusal<'PLANTED_IN_REFUSAL' | 'PLANTED_TOO'>;",
      "export type PlantedCode =\n  | 'PLANTED_IN_TYPE';",
      "export const PlantedCode = z.enum(['PLANTED_IN_ENUM']);",
      "const method = 'POST'; // code: not a code",
      "getContractAddress({ opcode: 'CREATE2' });",
    ].join('\n');
    expect(codesUsedIn(planted).sort()).toEqual(
      [
        'PLANTED_THROWN',
        'PLANTED_RETURNED',
        'PLANTED_REFUSED',
        'PLANTED_COMPARED',
        'PLANTED_IN_REFUSAL',
        'PLANTED_TOO',
        'PLANTED_IN_TYPE',
        'PLANTED_IN_ENUM',
      ].sort(),
    );
    expect(isCataloguedCode('PLANTED_THROWN')).toBe(false);
    expect(isCataloguedCode('toString')).toBe(false);
  });
});
