import { z } from 'zod';
import { Address, Aliases, Json, Label } from '../values';

/**
 * The person's social records (DESIGN §5, §10): who they know, which organizations, who holds which role for whom,
 * what they asked their agent to remember, and which of their accounts pays by default. Names resolve by exact
 * label or alias, case-insensitively — never fuzzily — so aliases are stored lower-cased.
 */
export const ContactData = z.strictObject({
  label: Label,
  aliases: Aliases,
  address: Address,
  note: z.string().max(2000).optional(),
});

/** An organization known to the owner; `detail` tells apart two with the same name (the two "thompson"). */
export const OrganizationData = z.strictObject({
  label: Label,
  aliases: Aliases,
  address: Address,
  detail: z.string().min(1).max(500),
});

export const MembershipRole = z.enum(['steward', 'treasurer', 'member', 'co-signer']);
export type MembershipRole = z.infer<typeof MembershipRole>;

/**
 * A member holds roles for a principal: an organization (steward, treasurer, member) or a person's own agent
 * (co-signer of their high-risk payments). The record is owned by the principal, so "who are X's treasurers" is
 * one [type+owner] query. Roles are evidence for who may approve, never authority: approvals are signatures.
 */
export const MembershipData = z.strictObject({
  principal: Address,
  member: Address,
  memberLabel: Label,
  memberAliases: Aliases,
  roles: z.array(MembershipRole).min(1).max(4),
});

/** Something the person asked their own agent to remember (read only when asker = addressee). */
export const MemoryData = z.strictObject({
  text: z.string().min(1).max(4000),
  tags: z.array(z.string().min(1).max(60)).max(20),
});

/** A preference the person set for their agent (a name → a JSON value). */
export const PreferenceData = z.strictObject({
  key: z.string().min(1).max(120),
  value: Json,
});

/** The account marked as the owner's default payer (seed 001 §5.4): one per owner. */
export const DefaultPayerData = z.strictObject({
  address: Address,
  label: Label,
  token: z.literal('USDC'),
});
