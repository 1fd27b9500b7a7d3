import type { AgentCard } from '@a2a-js/sdk';
import { DefaultRequestHandler } from '@a2a-js/sdk/server';
import type { SqlRunner } from '../desk/sql';
import type { Clock, Ids } from '../ports';
import type { Consult } from './consultation';
import { ConsultationExecutor } from './executor';
import { SqlTaskStore } from './task-store';

/**
 * The A2A request handler: a2a-js's DefaultRequestHandler over HeartCoach's executor (a consultation is a Task) and
 * the task table on the desk's SQL. No event bus outlives its consultation (`keepBusAliveStates: []`): a task waiting
 * for input is resumed from the database by whichever gateway instance receives the next message.
 */
export function coachRequestHandler(
  card: AgentCard,
  consult: Consult,
  deps: { sql: SqlRunner; clock: Clock; ids: Ids },
): DefaultRequestHandler {
  const store = new SqlTaskStore(deps.sql, () => deps.clock.now());
  const executor = new ConsultationExecutor(consult, deps.clock, deps.ids);
  return new DefaultRequestHandler(card, store, executor, undefined, undefined, undefined, undefined, undefined, {
    keepBusAliveStates: [],
  });
}
