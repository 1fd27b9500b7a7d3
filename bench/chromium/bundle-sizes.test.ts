import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { benchTracesIn, measureBuildSizes } from './bundle-sizes';

let root: string;
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};
const gz = (text: string) => gzipSync(Buffer.from(text)).length;

const SHARED = 'export const s=1;'.repeat(20);
const PAGE = 'import{s}from"./shared-1.js";console.log(s);';
const WORKER = 'var background=(function(){return 1})();';

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'bundle-sizes-test-'));
  write('options.html', '<script type="module" crossorigin src="/chunks/options-1.js"></script>');
  write('popup.html', '<script type="module" crossorigin src="/chunks/popup-1.js"></script>');
  write('chunks/options-1.js', PAGE);
  write('chunks/popup-1.js', PAGE);
  write('chunks/shared-1.js', SHARED);
  write('background.js', WORKER);
  write('manifest.json', '{}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('measureBuildSizes', () => {
  it('counts a page with the chunks it imports, and a shared chunk in each page but once in the total', () => {
    const sizes = measureBuildSizes(root);
    const options = sizes.entries.find((e) => e.entry === 'options.html')!;
    expect(options.files.sort()).toEqual(['chunks/options-1.js', 'chunks/shared-1.js']);
    expect(options.raw).toBe(PAGE.length + SHARED.length);
    expect(options.gzip).toBe(gz(PAGE) + gz(SHARED));
    expect(sizes.entries.find((e) => e.entry === 'popup.html')!.raw).toBe(PAGE.length + SHARED.length);
    expect(sizes.entries.find((e) => e.entry === 'background.js')).toMatchObject({
      files: ['background.js'],
      raw: WORKER.length,
    });
    expect(sizes.jsRaw).toBe(2 * PAGE.length + SHARED.length + WORKER.length);
    expect(sizes.files).toBe(7);
  });
});

describe('benchTracesIn', () => {
  it('finds nothing in a clean build, and names a bench file or a file holding a marker', () => {
    expect(benchTracesIn(root, ['__probe'])).toEqual([]);
    write('bench.html', '<p>');
    write('chunks/x.js', 'globalThis.__probe = 1');
    expect(benchTracesIn(root, ['__probe']).sort()).toEqual(['bench.html', 'chunks/x.js']);
  });
});
