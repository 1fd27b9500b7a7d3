import { privateKeyToAccount } from 'viem/accounts';
import type { HomeAgent } from '../../agent/index';
import { askDigest, type AskAsMeCredential, type AskSurface, type CallerAssertion } from '../../protocol/ask';
import { DEMO_SERVICES } from '../../protocol/demo-identities';
import { signCallerAssertion } from '../../wallet';

/**
 * Tests only: an A2A SendMessage as HeartCoach's service would build it for the person's agent — the words in a text
 * part and, in the request's metadata, the ask-as-me credential: a fresh caller assertion over exactly
 * `{ addressee, message, surface }`, signed by the app's key (the wire's delegate; HeartCoach's demo service key
 * unless told), as gateway/ask-me/ask-me.ts signs it.
 */
export async function a2aSendMessage(
  agent: HomeAgent,
  input: {
    words: string;
    wireHash: `0x${string}`;
    surface?: AskSurface;
    nonce?: string;
    key?: `0x${string}`;
    contextId?: string;
  },
): Promise<Record<string, unknown>> {
  const addressee = await agent.owner();
  const surface = input.surface ?? 'page';
  const now = Math.floor(agent.clock.now() / 1000);
  const assertion: CallerAssertion = {
    method: 'harness.ask',
    nonce: input.nonce ?? crypto.randomUUID().replaceAll('-', ''),
    addressee,
    messageDigest: askDigest({ addressee, message: input.words, surface }),
    channel: surface === 'page' ? 'page-provider' : 'a2a',
    surface,
    iat: now,
    exp: now + 120,
  };
  const signature = await signCallerAssertion(
    privateKeyToAccount(input.key ?? DEMO_SERVICES.heartcoach.privateKey),
    assertion,
    agent.parts.chain.chainId,
  );
  const askAsMe: AskAsMeCredential = { wireHash: input.wireHash, assertion, signature };
  return {
    message: {
      messageId: crypto.randomUUID(),
      role: 'ROLE_USER',
      parts: [{ text: input.words }],
      ...(input.contextId !== undefined ? { contextId: input.contextId } : {}),
    },
    metadata: { askAsMe },
  };
}
