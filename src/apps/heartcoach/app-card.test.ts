import { describe, expect, it } from 'vitest';
import { AGENT_ACCOUNT_EXTENSION } from '../../protocol/agent-card';
import { digestOf } from '../../protocol/digest';
import { readAppCard } from './app-card';

const ORIGIN = 'http://127.0.0.1:8787';
const AGENT = '0x66Ca8058E3540287189D76Ed65EB403958435CeB';
const card = (params: unknown) => ({
  name: 'HeartCoach',
  capabilities: { extensions: [{ uri: AGENT_ACCOUNT_EXTENSION, params }] },
});
const serve = (body: unknown, status = 200): typeof fetch =>
  (async (url: string) => {
    expect(url).toBe(`${ORIGIN}/.well-known/agent-card.json`);
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  }) as unknown as typeof fetch;

/** The app's card as the person's agent reads it: the agent account from the card at the page's own origin, or a refusal in words. */
describe('readAppCard', () => {
  it('takes the agent account and the digest of the card as served', async () => {
    const body = card({ address: AGENT, chainId: 31337, delegations: ['cabinet.read', 'harness.ask'] });
    expect(await readAppCard(serve(body), ORIGIN, 31337)).toEqual({
      origin: ORIGIN,
      name: 'HeartCoach',
      agent: AGENT,
      chainId: 31337,
      digest: digestOf(body),
    });
  });

  it('refuses, in words, a card with no agent account, one on another chain, one that is not JSON, and no card', async () => {
    await expect(readAppCard(serve({ name: 'HeartCoach', capabilities: {} }), ORIGIN, 31337)).rejects.toMatchObject({
      code: 'APP_HAS_NO_AGENT',
    });
    await expect(
      readAppCard(serve(card({ address: AGENT, chainId: 1, delegations: [] })), ORIGIN, 31337),
    ).rejects.toMatchObject({
      code: 'APP_OTHER_CHAIN',
      message: expect.stringMatching(/chain 1; your Home is on chain 31337/),
    });
    await expect(readAppCard(serve('<html>'), ORIGIN, 31337)).rejects.toMatchObject({ code: 'APP_CARD_UNREADABLE' });
    await expect(readAppCard(serve({ error: 'x' }, 404), ORIGIN, 31337)).rejects.toMatchObject({
      code: 'APP_CARD_UNREADABLE',
    });
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    await expect(readAppCard(down, ORIGIN, 31337)).rejects.toMatchObject({ code: 'APP_UNREACHABLE' });
  });
});
