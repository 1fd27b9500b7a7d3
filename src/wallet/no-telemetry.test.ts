import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rule that keeps telemetry out (eslint.config.js): any import of `@metamask/smart-accounts-kit` (whose
 * delegation and account entry points report usage) or of its deprecated former name is an error, in the harness
 * too, whose own import rules replace the general ones.
 */
describe('the no-telemetry lint rule', () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const probe = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: file });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  };

  it('refuses the kit and the toolkit wherever they are imported', async () => {
    for (const file of ['src/wallet/probe.ts', 'src/harness/probe.ts', 'gateway/probe.ts']) {
      expect(await probe(file, "export { toMetaMaskSmartAccount } from '@metamask/smart-accounts-kit';\n")).toEqual([
        expect.stringMatching(/telemetry/),
      ]);
      expect(await probe(file, "export { createDelegation } from '@metamask/delegation-toolkit/utils';\n")).toEqual([
        expect.stringMatching(/deprecated/),
      ]);
    }
    expect(await probe('src/wallet/probe.ts', "export { ROOT_AUTHORITY } from '@metamask/delegation-core';\n")).toEqual(
      [],
    );
  });
});
