import type { MemberDesk } from '../desk/member-desk';
import type { Sql } from '../desk/sql';
import type { BearerPolicy } from '../auth/verify-bearer';
import type { AssertionSigner, Clock, GrantVerifier, Ids } from '../ports';
import type { ArchetypeRegistry } from './archetypes';
import type { ModelPort } from './model';

/** What a consultation needs, wired once by the composition root (gateway/main.ts) or a test. */
export type CoachDeps = {
  sql: Sql;
  clock: Clock;
  ids: Ids;
  bearer: BearerPolicy;
  /** null when no model key is configured: every consultation is then 503 coach_unconfigured. */
  model: ModelPort | null;
  archetypes: ArchetypeRegistry;
  grants: GrantVerifier;
  desk: MemberDesk;
  /** HeartCoach's service key: the delegate of cabinet grants and ask-as-me wires, the signer of caller assertions. */
  service: AssertionSigner;
};
