import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { BackgroundProvider, type Request } from './background-context';
import { FirstRunCard } from './FirstRunCard';
import { HomeApp } from './HomeApp';

/** The Home's opening line and first-run card read their words from the catalogue, as the popup does. */
const request: Request = () => new Promise(() => undefined);
const render = () =>
  renderToStaticMarkup(
    <BackgroundProvider request={request}>
      <HomeApp requestOrigins={async () => false} />
      <FirstRunCard onOpenPanel={() => undefined} />
    </BackgroundProvider>,
  );

const global = globalThis as { chrome?: unknown };
afterEach(() => void delete global.chrome);

describe("the Home's words, from the catalogue", () => {
  it('reads in English from the catalogue itself where no browser translates it', () => {
    const html = render();
    for (const words of ['Opening your Home…', 'How to ask your agent', 'Open the side panel', 'Got it'])
      expect(html).toContain(words);
    expect(html).toContain('Try “Who are my contacts?” or “Send 5 USDC to bob”.');
    expect(html).toContain(
      '<strong>The side panel</strong> holds the conversation: open it from Chrome’s side panel menu, or press <span><kbd>Alt</kbd></span><span>+<kbd>Shift</kbd></span><span>+<kbd>J</kbd></span>.',
    );
    expect(html).toContain('<strong>On any page</strong>, press');
  });

  it('with chrome.i18n answering, none of the moved English is left', () => {
    global.chrome = { i18n: { getMessage: (key: string) => `⟦${key}⟧` } };
    const html = render();
    const keys = ['homeOpening', 'firstRunTitle', 'firstRunTry', 'firstRunOpenPanel', 'firstRunGotIt'];
    for (const key of [...keys, 'firstRunPanel', 'firstRunToolbar', 'firstRunPage']) expect(html).toContain(`⟦${key}⟧`);
    const moved = ['Opening your Home', 'How to ask your agent', 'Open the side panel', 'Got it', 'Try “'];
    for (const words of [...moved, 'holds the conversation', 'puzzle-piece', 'On any page'])
      expect(html).not.toContain(words);
  });
});
