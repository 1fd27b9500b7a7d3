import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Comments say why in words, or cite a file of this repository: never a number that points outside it — a tracker's
 * issue, a task, a spec's section — which a reader of the repository cannot follow. Comments are found by
 * TypeScript's own parser, so a string or a URL that looks like a citation is never read as one.
 */
const ROOT = resolve(__dirname, '..');
const SCANNED = ['src', 'entrypoints', 'cli', 'bench', 'proof', 'eval', 'e2e', 'scripts', 'ontology', 'gateway'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.output', '.wxt']);

/** An issue or issues by number, a task (T and a number), a spec by number, a spec's part (W and a digit). */
export const OUTSIDE_CITATION = /\b[Ii]ssues? \d+\b|\bT\d{1,2}\b|\b[Ss]pec \d+\b|\bW\d\b/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIPPED_DIRS.has(name) ? [] : sourceFiles(path);
    return /\.(tsx?|mjs|js)$/.test(name) && !/\.generated\./.test(name) ? [path] : [];
  });
}

/**
 * Every comment of a source file with its line: the trivia before each node and after it, on its own line or the
 * same (so a comment closing a block is found too). Only a comment with no node on either side, as in an empty
 * block, is not looked at.
 */
export function commentsOf(file: string, text: string): { line: number; text: string }[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const found = new Map<number, number>();
  const add = (ranges: ts.CommentRange[] | undefined) => ranges?.forEach((r) => found.set(r.pos, r.end));
  const visit = (node: ts.Node): void => {
    for (const at of [node.pos, node.end]) {
      add(ts.getLeadingCommentRanges(text, at));
      add(ts.getTrailingCommentRanges(text, at));
    }
    ts.forEachChild(node, visit);
  };
  add(ts.getLeadingCommentRanges(text, 0));
  visit(source);
  return [...found].map(([pos, end]) => ({
    line: source.getLineAndCharacterOfPosition(pos).line + 1,
    text: text.slice(pos, end),
  }));
}

export function outsideCitations(file: string, text: string): string[] {
  // Most files hold nothing that looks like a citation anywhere; only those that do are parsed.
  if (text.search(OUTSIDE_CITATION) === -1) return [];
  return commentsOf(file, text).flatMap((comment) =>
    [...comment.text.matchAll(OUTSIDE_CITATION)].map((m) => `${file}:${comment.line}: "${m[0]}"`),
  );
}

describe('comments cite only what is in this repository', () => {
  it('no comment cites an issue, a task or a spec by number', () => {
    const files = SCANNED.flatMap((dir) => sourceFiles(join(ROOT, dir)));
    const found = files.flatMap((file) => outsideCitations(relative(ROOT, file), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  }, 60_000);

  it('catches a planted citation in a comment, and nothing in code or strings', () => {
    const planted = [
      '/** Loads the playbook (spec 354). */',
      "const url = 'https://example.org/issue 8'; // fixed in issue 12",
      'const T4 = 4; /* see T16 and spec 416 W3 */',
      'const words = `issues 6 and 8`;',
      '// Step 2 of 5: TTL 30 s, ERC-1271, EIP-712, A2A 1.0, seed 001 §3, 0xT1',
      'export function f() {',
      '  return 1; // Issues 6 and 8',
      '}',
    ].join('\n');
    expect(outsideCitations('planted.ts', planted)).toEqual([
      'planted.ts:1: "spec 354"',
      'planted.ts:2: "issue 12"',
      'planted.ts:3: "T16"',
      'planted.ts:3: "spec 416"',
      'planted.ts:3: "W3"',
      'planted.ts:7: "Issues 6"',
    ]);
  });
});
