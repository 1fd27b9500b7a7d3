import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { HarnessReply } from '../../protocol/harness-reply';
import { ReplyCard } from './ReplyCard';
import { A, actions, bareTrace, D, respond } from './testing/card-replies';

const trace = bareTrace;
const render = (reply: HarnessReply) =>
  renderToStaticMarkup(<ReplyCard response={respond(reply)} actions={actions} now={0} />);

describe('the reply cards', () => {
  it("renders an answer's results as a table with column headers, and an outside agent's words as theirs", () => {
    const html = render({
      kind: 'answer',
      text: 'You have 2 contacts.',
      spoken: '',
      plannerTrace: trace,
      results: [
        { name: 'Bob', address: A(2) },
        { name: 'Carol', address: A(3) },
      ],
      attributions: [{ source: 'HeartCoach', text: 'Your week looks steady.' }],
    });
    // The fields by their words in the catalogue, in the header and in each folded cell's label.
    expect(html).toContain('<th scope="col">Name</th><th scope="col">Address</th>');
    expect(html).toContain('<td data-label="Name">Carol</td>');
    // An address is shortened, with the whole address in its title and a copy button.
    expect(html).toContain('title="' + A(3) + '"');
    expect(html).toContain('aria-label="Copy address ' + A(3) + '"');
    expect(html).toContain('<strong>HeartCoach</strong> said — their words, not your agent’s:');
    expect(html).toContain('<blockquote>Your week looks steady.</blockquote>');
  });

  it("shows a receipt's instant in the person's own locale and zone, the ISO instant kept as its datetime", () => {
    const at = '2026-12-04T19:30:04.000Z';
    const html = render({
      kind: 'answer',
      text: 'Your 1 most recent receipt: send USDC.',
      spoken: '',
      plannerTrace: trace,
      results: [{ what: 'Send USDC', at, observation: 'committed' }],
    });
    const shown = new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    expect(html).toContain(`<td data-label="When"><time dateTime="${at}">${shown}</time></td>`);
    expect(html).toContain('<th scope="col">What</th><th scope="col">When</th><th scope="col">Outcome</th>');
    expect(html).not.toContain(`>${at}<`);
  });

  it('cites a remembered choice without choosing it for the person', () => {
    const html = render({
      kind: 'prompt',
      resumeToken: D(7),
      spoken: '',
      prompt: {
        kind: 'choice',
        stepRef: 's1',
        text: 'Which thompson?',
        arg: 'organization',
        word: 'thompson',
        options: [
          { value: A(4), label: 'thompson community fund' },
          { value: A(5), label: 'thompson family trust' },
        ],
      },
      plannerTrace: {
        ...trace,
        resolutions: [
          {
            stepRef: 's1',
            word: 'thompson',
            address: A(4),
            label: 'thompson community fund',
            arg: 'organization',
            source: 'remembered',
            note: 'remembered: you chose thompson community fund for this before',
          },
        ],
      },
    });
    expect(html).toContain(
      'remembered: you chose thompson community fund for this before — a reminder, not a permission; choose again.',
    );
    expect(html).not.toContain('checked');
    expect(html).toMatch(/<button type="submit" disabled="">Choose<\/button>/);
  });

  it('says a refusal in words, with its reason and code', () => {
    const html = render({
      kind: 'refused',
      outcome: 'denied',
      error: { code: 'MANDATE_REVOKED', message: 'This mandate was revoked; it can no longer be used.' },
      receipts: [],
      spoken: '',
      plannerTrace: trace,
    });
    expect(html).toContain('Your agent refused this.');
    expect(html).toContain('This mandate was revoked; it can no longer be used.');
    expect(html).toContain('Code: MANDATE_REVOKED');
  });

  it("offers the run's provenance only when it has some", () => {
    const done: HarnessReply = {
      kind: 'done',
      result: { text: 'Sent.' },
      receipts: [],
      fulfillment: 'fulfilled',
      effects: [],
      decisions: [],
      spoken: '',
      plannerTrace: trace,
    };
    expect(render(done)).toContain('Download provenance');
    expect(
      renderToStaticMarkup(
        <ReplyCard response={{ ...respond(done), hasProvenance: false }} actions={actions} now={0} />,
      ),
    ).not.toContain('Download provenance');
  });
});
