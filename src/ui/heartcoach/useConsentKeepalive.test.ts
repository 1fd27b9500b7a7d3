import { describe, expect, it } from 'vitest';
import { lostWords } from './useConsentKeepalive';

const agent = {
  name: 'HeartCoach',
  address: `0x${'1'.repeat(40)}` as const,
  cardDigest: `0x${'2'.repeat(64)}` as const,
  chainId: 31337,
};
const signIn = { domain: '127.0.0.1:8787', statement: 'Sign in to HeartCoach with Home Agent.' };

/** What the consent window says when the worker holding its request restarted: the truth, and what to do next. */
describe('lostWords', () => {
  it('before the person answered: nothing was signed, and how to ask again for each kind of request', () => {
    expect(lostWords({ kind: 'connect', agent, signIn }, 'waiting')).toBe(
      'Home Agent restarted before you answered; nothing was signed. Ask HeartCoach to connect again.',
    );
    expect(lostWords({ kind: 'grant', agent, signIn: null }, 'waiting')).toBe(
      'Home Agent restarted before you answered; nothing was signed. Ask HeartCoach to ask for it again.',
    );
    // Connected from the Home's options (no sign-in at the app): the person starts it again there.
    expect(lostWords({ kind: 'connect', agent, signIn: null }, 'waiting')).toBe(
      'Home Agent restarted before you answered; nothing was signed. Connect HeartCoach again from your Home.',
    );
  });

  it('while it carried out the answer: it never claims nothing was signed', () => {
    const words = lostWords({ kind: 'connect', agent, signIn }, 'working');
    expect(words).toBe(
      'Home Agent restarted while it was carrying out your answer, so it may not have finished. Check your Home’s options before you ask HeartCoach to connect again.',
    );
    expect(words).not.toMatch(/nothing was signed/);
  });
});
