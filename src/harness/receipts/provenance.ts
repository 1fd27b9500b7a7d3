import type { RunEnv } from '../kernel/run-env';
import { exportRunProvenance } from './prov-export';

/** Writes run.provenance:<runRef> (PROV-O JSON-LD) when the run has receipts; says whether it did. */
export async function writeProvenance(env: RunEnv): Promise<boolean> {
  const { ctx, state } = env;
  const receipts = await ctx.vault.receipts.ofRun(state.runRef);
  if (receipts.length === 0) return false;
  const body = exportRunProvenance({
    runRef: state.runRef,
    asker: state.asker,
    addressee: state.addressee,
    harnessAgent: env.harnessAgent,
    planDigest: state.planDigest,
    startedAt: state.createdAt,
    endedAt: ctx.clock.now(),
    receipts,
  });
  await ctx.vault.provenance.put({
    id: `run.provenance:${state.runRef}`,
    runRef: state.runRef,
    kind: 'run.provenance',
    body,
    at: ctx.clock.now(),
    expiresAt: state.expiresAt,
  });
  return true;
}
