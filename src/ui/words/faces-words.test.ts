import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every face reads its words from the catalogue (`public/_locales/en/messages.json`, through `message()`), so a
 * translation can reach all of them. This reads each face's source and lists the English written straight into
 * its markup: text between tags, and the attributes a person reads or hears (aria-label, title, placeholder, alt,
 * label). Names and units that no language translates are allowed.
 */
const root = join(import.meta.dirname, '../../..');
const FACES = ['src/ui', 'entrypoints'];
const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'label']);
const UNTRANSLATED = new Set(['USDC', 'ETH', 'Alt', 'Shift', 'Ctrl', 'K', 'HeartCoach', 'Home', 'Agent']);

function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : [];
  });
}

/** True when `text` has a word a person reads that is not a name or unit. */
function isWords(text: string): boolean {
  const words = text.match(/[A-Za-z][A-Za-z’']+/g) ?? [];
  return words.some((word) => !UNTRANSLATED.has(word));
}

function hardCoded(path: string, text = readFileSync(join(root, path), 'utf8')): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node) && isWords(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText()) && node.initializer) {
      const value = node.initializer;
      const literal = ts.isJsxExpression(value) ? value.expression : value;
      if (literal && ts.isStringLiteralLike(literal) && isWords(literal.text))
        found.push(`${node.name.getText()}="${literal.text}"`);
    }
    if (
      ts.isJsxExpression(node) &&
      node.expression &&
      ts.isStringLiteralLike(node.expression) &&
      !ts.isJsxAttribute(node.parent) &&
      isWords(node.expression.text)
    )
      found.push(node.expression.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found.map((words) => `${path}: ${words}`);
}

describe("the faces' words", () => {
  const files = FACES.flatMap(sources);

  it('finds the faces it reads', () => {
    expect(files).toContain('src/ui/conversation/ReplyCard.tsx');
    expect(files).toContain('entrypoints/sidepanel/main.tsx');
  });

  it('writes no English straight into any face: every word comes from the catalogue', () => {
    expect(files.flatMap((path) => hardCoded(path))).toEqual([]);
  });

  it('would see English written into markup, and passes names, units and the catalogue', () => {
    const face = `<p title="Copy the address">Send it again {'Never mind'} {message('kept')} 5 USDC · HeartCoach</p>`;
    expect(hardCoded('face.tsx', face)).toEqual([
      'face.tsx: title="Copy the address"',
      'face.tsx: Send it again',
      'face.tsx: Never mind',
    ]);
  });
});
