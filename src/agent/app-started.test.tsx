import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { expectKind, replyOf, throwingModel } from '../harness/testing';
import { SignSheet } from '../ui/sign/SignSheet';
import { realWorld } from './testing/real-world';

/**
 * A run an app started by asking as the person (ask-as-me) is the app's request, not the person's: the pending run
 * names the app and its origin, and the sign sheet says "<app> (<origin>) asked your agent: …", never "You asked",
 * with each argument that came from the app's words labelled as the app's.
 */
const ORIGIN = 'http://127.0.0.1:8787';

describe('a run an app started', () => {
  it('is listed and shown as the app’s, with its origin; the person’s own stays "You asked"', async () => {
    const w = await realWorld({ model: throwingModel() });
    const wireHash = await w.grantWire(ORIGIN, { folders: ['readings'], kinds: ['contacts'] });
    const asked = expectKind(
      replyOf(
        await w.askAsMe({
          message: 'Send 2 USDC to nathan.treasury toward the retreat deposit.',
          wireHash,
          origin: ORIGIN,
        }),
      ),
      'authority_required',
    );
    const own = expectKind(replyOf(await w.ask({ message: 'Add dave to my contacts.' })), 'authority_required');
    const pending = await w.agent().pending();
    const byApp = pending.find((p) => p.runRef === asked.runRef)!;
    expect(byApp.from).toEqual({ app: ORIGIN, origin: ORIGIN });
    expect(pending.find((p) => p.runRef === own.runRef)!.from).toBeUndefined();

    const sheet = (item: typeof byApp, requirement: typeof asked.requirement) =>
      renderToStaticMarkup(
        <SignSheet
          item={{ ...item, waitingFor: 'authority_required', requirement }}
          unlocked
          busy={false}
          onSign={() => undefined}
          onDecline={() => undefined}
          onUntrusted={() => undefined}
        />,
      );
    const html = sheet(byApp, asked.requirement);
    expect(html).toContain(
      `${ORIGIN} (${ORIGIN}) asked your agent: “Send 2 USDC to nathan.treasury toward the retreat deposit.”`,
    );
    expect(html).not.toContain('You asked');
    expect(html).not.toContain('from your words');
    const mine = sheet(
      pending.find((p) => p.runRef === own.runRef)!,
      own.requirement,
    );
    expect(mine).toContain('You asked: “Add dave to my contacts.”');
  });
});
