import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as bytecode from '@metamask/delegation-abis/bytecode';
import { describe, expect, it } from 'vitest';
import { compactBytecodeModule, compactSegments } from './compact-bytecode';
import { hexFromBase64 } from './hex-from-base64';

const dist = join(dirname(createRequire(import.meta.url).resolve('@metamask/delegation-abis')), 'bytecode');

describe('the compact bytecode of the extension build', () => {
  it('decodes every bytecode module of delegation-abis back to the exact string it ships, placeholders included', () => {
    const all = Object.entries(bytecode as Record<string, string>);
    expect(all.length).toBeGreaterThan(30);
    for (const [name, code] of all) expect(hexFromBase64(compactSegments(code.slice(2))), name).toBe(code);
    expect(bytecode.HybridDeleGator).toMatch(/__\$[0-9a-f]{34}\$__/);
  });

  it('rewrites every module file of the package (a new form would fail the build, not ship hex)', () => {
    const files = readdirSync(dist).filter((f) => f.endsWith('.mjs'));
    let before = 0;
    let after = 0;
    for (const file of files) {
      const code = readFileSync(join(dist, file), 'utf8');
      const rewritten = compactBytecodeModule(code);
      expect(rewritten, file).toMatch(/const bytecode = hexFromBase64\(\[/);
      before += code.length;
      after += rewritten!.length;
    }
    expect(after / before).toBeLessThan(0.75);
  });
});
