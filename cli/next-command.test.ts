import { describe, expect, it } from 'vitest';
import { DEFAULT_VAULT } from './args';
import { nextCommand, shellWord } from './next-command';

describe('nextCommand', () => {
  it('carries the vault it was given, quoted for a shell when it must be, and not the default one', () => {
    expect(nextCommand({ vault: '/tmp/x/alice.vault' }, '--resume', 'run_1', '--sign')).toBe(
      'npm run ask -- --resume run_1 --sign --vault /tmp/x/alice.vault',
    );
    expect(nextCommand({ vault: "my vaults/alice's.vault" }, "Who's in?")).toBe(
      `npm run ask -- 'Who'\\''s in?' --vault 'my vaults/alice'\\''s.vault'`,
    );
    expect(nextCommand({ vault: DEFAULT_VAULT }, '--pending')).toBe('npm run ask -- --pending');
  });

  it('quotes every word a shell would change', () => {
    for (const word of ['a b', '$HOME', '`x`', 'a;b', '*', '~/v', "it's", ''])
      expect(shellWord(word)).toMatch(/^'.*'$/);
    expect(shellWord('--vault=.data/a.vault')).toBe('--vault=.data/a.vault');
  });
});
