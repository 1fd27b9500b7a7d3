import { describe, expect, it } from 'vitest';
import type { HarnessReply } from '../src/protocol/harness-reply';
import { bareTrace } from '../src/ui/conversation/testing/card-replies';
import { renderReply } from './render';

const trace = bareTrace;

describe('the command line’s words for a reply', () => {
  it('a choice: the question once, then each option once, numbered, and the next command', () => {
    const reply: HarnessReply = {
      kind: 'prompt',
      resumeToken: `0x${'7'.repeat(64)}`,
      spoken: '',
      plannerTrace: trace,
      prompt: {
        kind: 'choice',
        stepRef: 's1',
        // As the resolve stage writes it, the options inline (src/harness/resolve/resolve-stage.ts).
        text: 'Which “thompson” do you mean? 1. thompson (thompson community fund)  2. thompson (thompson family trust)',
        arg: 'organization',
        word: 'thompson',
        options: [
          { value: `0x${'1'.repeat(40)}`, label: 'thompson (thompson community fund)' },
          { value: `0x${'2'.repeat(40)}`, label: 'thompson (thompson family trust)' },
        ],
      },
    };
    const printed = renderReply(reply, 'run-1', { vault: '/tmp/a.vault' });
    expect(printed.split('\n').slice(0, 3)).toEqual([
      'Which “thompson” do you mean?',
      '  1. thompson (thompson community fund)',
      '  2. thompson (thompson family trust)',
    ]);
    expect(printed.match(/family trust/g)).toHaveLength(1);
    expect(printed).toContain('npm run ask -- --resume run-1 --choose 1 --vault /tmp/a.vault');
  });
});
