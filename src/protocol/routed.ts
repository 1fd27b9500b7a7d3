import { z } from 'zod';
import { AddressSchema, DigestSchema } from './ask';

/**
 * A routed hop's body (seed 001 steps 0.3 and 8.1): what the person's agent sends the agent a step belongs to (an
 * organization's agent the person stewards) with a forwarded credential over its digest. It names the router, the
 * asker, the room it is for, the run and step it came from, the ask it travels as (by digest), and the one step to
 * judge — its tool, the arguments as the person's plan held them (names, never resolved by the router), and the
 * choices the person already made for it. The receiver plans nothing else and judges it under its own playbook and
 * authority.
 */
const StepId = z.string().regex(/^[A-Za-z][\w-]{0,31}$/, 'a plan step id like s1');
const Literal = z.union([z.string().max(2000), z.number().finite(), z.boolean(), z.null()]);

export const RoutedStep = z.strictObject({
  stepRef: StepId,
  toolId: z.string().min(1).max(120),
  args: z.record(z.string().regex(/^[A-Za-z_]\w{0,63}$/), Literal),
  chosen: z.record(z.string().max(64), AddressSchema),
});
export type RoutedStep = z.infer<typeof RoutedStep>;

export const RoutedBody = z.strictObject({
  type: z.literal('home-agent/routed-step'),
  version: z.literal(1),
  /** The agent that routed the step (the person's own agent), which signs the forwarded credential. */
  router: AddressSchema,
  /** Who asked: the person whose own agent routed it. */
  asker: AddressSchema,
  /** The agent the step is routed to. */
  room: AddressSchema,
  from: z.strictObject({ runRef: z.string().min(1).max(80), stepRef: z.string().min(1).max(64) }),
  /** `askDigest` of the ask this hop carries (a fresh ask, or the resume of the room's run). */
  requestDigest: DigestSchema,
  step: RoutedStep,
});
export type RoutedBody = z.infer<typeof RoutedBody>;
