import { z } from 'zod';
import { AddressSchema } from './ask';

/**
 * What the person's agent reads from an app's A2A agent card before it asks the person to connect or to grant a
 * wire: the app's name, and its agent account — the address every cabinet grant and ask-as-me wire must
 * delegate to — carried by the agent-account extension. The page never names the delegate: the card at the page's own
 * origin does, and its digest is pinned from then on. Lenient about everything else on the card, strict about this.
 */
export const AGENT_ACCOUNT_EXTENSION = 'https://heartcoach.example/a2a/ext/agent-account/v1';

export const AgentAccountParams = z.object({
  address: AddressSchema,
  chainId: z.number().int().positive(),
  delegations: z.array(z.string().max(64)).max(8),
});
export type AgentAccountParams = z.infer<typeof AgentAccountParams>;

export const CardForConnect = z.object({
  name: z.string().min(1).max(120),
  description: z.string().max(2000).optional(),
  capabilities: z.object({
    extensions: z
      .array(z.object({ uri: z.string().max(300), params: z.unknown().optional() }))
      .max(16)
      .optional(),
  }),
});
