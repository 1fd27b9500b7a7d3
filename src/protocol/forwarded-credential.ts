import { z } from 'zod';
import { AddressSchema, DigestSchema } from './ask';

/**
 * A forwarded credential (seed 001 step 0.3): what the person's agent signs when it routes a step to another agent
 * (an organization's agent the person stewards). It binds the routed body to its addressee (the asker's own agent or
 * the room that routed the step) and to an audience (the receiving deployment's zone), names the receiver whose
 * object spends its nonce, and lives at most five minutes. Signed by the router's Smart Agent (EIP-712
 * `HomeAgentPayload`, src/wallet/sign/home-typed-data.ts).
 */
export const ForwardedCredential = z.strictObject({
  type: z.literal('home-agent/forwarded-credential'),
  version: z.literal(1),
  chainId: z.number().int().positive(),
  /** The agent that routed the step, and signed this. */
  router: AddressSchema,
  /** Who the routed body is addressed to. */
  addressee: AddressSchema,
  /** The receiving deployment's zone. */
  audience: z.string().min(1).max(200),
  /** The subject agent the step is routed to: its object spends the nonce. */
  receiver: AddressSchema,
  stepRef: z.string().min(1).max(64),
  bodyDigest: DigestSchema,
  nonce: z.string().min(16).max(128),
  /** Seconds since the epoch. */
  iat: z.number().int().nonnegative(),
  exp: z.number().int().nonnegative(),
});
export type ForwardedCredential = z.infer<typeof ForwardedCredential>;
