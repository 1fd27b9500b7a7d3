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
  });

  it('with chrome.i18n answering, none of the moved English is left', () => {
    global.chrome = { i18n: { getMessage: (key: string) => `⟦${key}⟧` } };
    const html = render();
    for (const key of ['homeOpening', 'firstRunTitle', 'firstRunTry', 'firstRunOpenPanel', 'firstRunGotIt'])
      expect(html).toContain(`⟦${key}⟧`);
    for (const words of ['Opening your Home', 'How to ask your agent', 'Open the side panel', 'Got it', 'Try “'])
      expect(html).not.toContain(words);
  });
});
