import type { Router } from './router';

/** The person's turns that can move a run an A2A task fronts: signing, declining, resuming at their Home. */
const SETTLING = new Set(['agent.sign', 'agent.decline', 'agent.resume']);

/**
 * A router that, after one of the person's turns on a run answered ok, calls `onRunMoved` with the run's reference —
 * so a task fronting it (src/home/a2a-tasks/tasks.ts) moves on and its app hears the status update. The turn itself
 * is unchanged: this only watches its answer.
 */
export function watchRunSettlements(router: Router, onRunMoved: (runRef: string) => void): Router {
  return {
    ...router,
    route(message, sender) {
      const routed = router.route(message, sender);
      const type = (message as { type?: unknown } | null)?.type;
      if (routed !== undefined && typeof type === 'string' && SETTLING.has(type)) {
        void routed.then((reply) => {
          const runRef = reply.ok ? (reply.data as { runRef?: unknown } | null)?.runRef : undefined;
          if (typeof runRef === 'string') onRunMoved(runRef);
        });
      }
      return routed;
    },
  };
}
