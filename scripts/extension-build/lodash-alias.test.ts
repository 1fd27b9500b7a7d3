import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import lodashForExtension from './lodash-memoize';

const require = createRequire(import.meta.url);

/** What each ESM module of a package destructures from its `lodash` import. */
function lodashNamesUsedBy(pkg: string): string[] {
  const dir = dirname(
    require.resolve(`${pkg}/package.json`, { paths: [require.resolve('@metamask/delegation-core')] }),
  );
  const dist = join(dir, 'dist');
  const names = new Set<string>();
  for (const file of readdirSync(dist).filter((f) => f.endsWith('.mjs'))) {
    const code = readFileSync(join(dist, file), 'utf8');
    const binding = /import (\$?\w+) from "lodash"/.exec(code)?.[1];
    if (binding === undefined) continue;
    const destructured = new RegExp(`const \\{([^}]*)\\} = \\${binding}`).exec(code)?.[1];
    expect(destructured, `${file} uses lodash other than by destructuring`).toBeDefined();
    for (const name of destructured!.split(',')) names.add(name.trim());
  }
  return [...names];
}

describe('the lodash the extension build gives @metamask/utils', () => {
  it('has every function @metamask/utils takes from lodash', () => {
    const used = lodashNamesUsedBy('@metamask/utils');
    expect(used).toEqual(['memoize']);
    for (const name of used) expect(lodashForExtension).toHaveProperty(name);
  });

  it('memoizes by the single argument, as lodash does for the checksum-address cache', () => {
    let calls = 0;
    const double = lodashForExtension.memoize((x: number) => ((calls += 1), x * 2));
    expect([double(2), double(2), double(3)]).toEqual([4, 4, 6]);
    expect(calls).toBe(2);
  });
});
