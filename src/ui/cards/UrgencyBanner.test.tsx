import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { realWorld } from '../../agent/testing/real-world';
import { expectKind, replyOf } from '../../harness/testing';
import type { AskResponse, HarnessReply } from '../../protocol/harness-reply';
import { ReplyCard } from '../conversation/ReplyCard';
import type { ReplyActions } from '../conversation/transport';
import { telHref, UrgencyBanner } from './UrgencyBanner';

const actions: ReplyActions = {
  busy: false,
  resume: () => undefined,
  review: () => undefined,
  provenance: async () => undefined,
};
const card = (reply: HarnessReply) => {
  const response: AskResponse = {
    ok: true,
    addressee: `0x${'1'.repeat(40)}`,
    runRef: 'run-1',
    hasProvenance: false,
    resumable: false,
    reply,
  };
  return renderToStaticMarkup(<ReplyCard response={response} actions={actions} now={0} />);
};
/** The person's own agent's answer to `message`, through the real vault and chain, with no model. */
async function answerTo(message: string) {
  const w = await realWorld({ model: null });
  return expectKind(replyOf(await w.ask({ message })), 'answer');
}

describe('the escalation tier on the reply card', () => {
  it('a red-flag symptom: a red alert first, the emergency words, and a link that dials 911', async () => {
    const reply = await answerTo('I have chest pain and my left arm feels numb');
    const html = card(reply);
    expect(html).toMatch(
      /^<article[^>]*><div class="ha-urgency ha-urgency-red" role="alert" data-tier="call-emergency"/,
    );
    expect(html).toContain('<p class="ha-urgency-tier">Emergency</p>');
    expect(html).toContain('Call 911 now. This may be an emergency: do not wait for an answer.');
    expect(html).toContain('<a class="ha-urgency-call" href="tel:911">Call 911</a>');
    // The banner comes before the card's heading and the answer's own words.
    expect(html.indexOf('role="alert"')).toBeLessThan(html.indexOf('<h3'));
  }, 60_000);

  it('a symptom for the care team today: an amber status note, polite, with no emergency link', async () => {
    const reply = await answerTo("my ankles are swollen and I'm a bit short of breath");
    const html = card(reply);
    expect(html).toContain('<div class="ha-urgency ha-urgency-amber" role="status" data-tier="flag-urgent"');
    expect(html).toContain('Tell your care team about this today: call your clinic now.');
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain('href="tel:');
  }, 60_000);

  it('an answer with no symptom shows no tier', async () => {
    const html = card(await answerTo('Who are my contacts?'));
    expect(html).not.toContain('ha-urgency');
  }, 60_000);

  it('a red tier with no number still says to call, and offers no link to dial', () => {
    const html = renderToStaticMarkup(
      <UrgencyBanner urgency={{ tier: 'call-emergency', colour: 'red', emergencyNumber: null }} />,
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain('Call your local emergency number now.');
    expect(html).not.toContain('<a ');
  });

  it('offers a tel: link only for a number a phone can dial', () => {
    expect(telHref('911')).toBe('tel:911');
    expect(telHref('+44 20 7946-0000')).toBe('tel:+442079460000');
    expect(telHref('javascript:alert(1)')).toBe(null);
    expect(telHref('')).toBe(null);
    expect(telHref(null)).toBe(null);
  });
});
