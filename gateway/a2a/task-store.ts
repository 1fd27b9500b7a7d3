import { Task, TaskState, taskStateToJSON, type ListTasksRequest, type ListTasksResponse } from '@a2a-js/sdk';
import type { ServerCallContext, TaskStore } from '@a2a-js/sdk/server';
import { RequestMalformedError } from '@a2a-js/sdk/errors';
import type { SqlRunner } from '../desk/sql';

/**
 * The A2A task table, as one migration of the desk's schema (gateway/desk/schema.ts appends it under its own
 * version). A consultation is a Task: its status, history and artifacts are kept as the protocol's JSON, with the
 * columns a listing filters and pages on beside it. Every task belongs to the subject who asked (`owner`).
 */
export const A2A_TASKS_MIGRATION: readonly string[] = [
  `CREATE TABLE a2a_tasks (
     id text PRIMARY KEY, owner text NOT NULL, tenant text NOT NULL DEFAULT '', context_id text NOT NULL,
     state text NOT NULL, status_at timestamptz NOT NULL, task jsonb NOT NULL, created_at timestamptz NOT NULL)`,
  `CREATE INDEX a2a_tasks_by_owner ON a2a_tasks (owner, tenant, status_at DESC, id DESC)`,
];

const DEFAULT_PAGE_SIZE = 50;

/** Who the call is: the verified subject's address, set by the transport; nobody else's tasks are ever read. */
const ownerOf = (context: ServerCallContext): string => {
  const user = context.user;
  if (user === undefined || !user.isAuthenticated || user.userName === '')
    throw new Error('SqlTaskStore: a task call reached the store without a verified subject');
  return user.userName.toLowerCase();
};

const encodeCursor = (at: string, id: string) => Buffer.from(JSON.stringify([at, id])).toString('base64url');

function decodeCursor(token: string): [string, string] {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      !Number.isNaN(Date.parse(parsed[0])) &&
      typeof parsed[1] === 'string'
    )
      return [parsed[0], parsed[1]];
  } catch {
    // falls through to the refusal
  }
  throw new RequestMalformedError('The pageToken is not one this agent gave out; list again from the first page.');
}

type Row = { task: unknown; at: string; id: string };

/**
 * a2a-js's TaskStore port on the desk's SQL (PGlite or PostgreSQL): tasks survive a restart and are seen by every
 * gateway instance on the same database. Listing is newest status first, paged by an opaque cursor on
 * (status time, id), so a page never repeats or skips a task however many arrive meanwhile.
 */
export class SqlTaskStore implements TaskStore {
  constructor(
    private readonly sql: SqlRunner,
    private readonly now: () => Date,
  ) {}

  async save(task: Task, context: ServerCallContext): Promise<void> {
    const owner = ownerOf(context);
    const at = task.status?.timestamp ?? this.now().toISOString();
    const state = taskStateToJSON(task.status?.state ?? TaskState.TASK_STATE_UNSPECIFIED);
    // A task id names one owner's task for good: another subject's save under the same id changes nothing.
    await this.sql.query(
      `INSERT INTO a2a_tasks (id, owner, tenant, context_id, state, status_at, task, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (id) DO UPDATE SET context_id = EXCLUDED.context_id, state = EXCLUDED.state,
         status_at = EXCLUDED.status_at, task = EXCLUDED.task
       WHERE a2a_tasks.owner = EXCLUDED.owner AND a2a_tasks.tenant = EXCLUDED.tenant`,
      [
        task.id,
        owner,
        context.tenant ?? '',
        task.contextId,
        state,
        at,
        JSON.stringify(Task.toJSON(task)),
        this.now().toISOString(),
      ],
    );
  }

  async load(taskId: string, context: ServerCallContext): Promise<Task | undefined> {
    const rows = await this.sql.query<{ task: unknown }>(
      `SELECT task FROM a2a_tasks WHERE id = $1 AND owner = $2 AND tenant = $3`,
      [taskId, ownerOf(context), context.tenant ?? ''],
    );
    return rows[0] === undefined ? undefined : Task.fromJSON(rows[0].task);
  }

  async list(params: ListTasksRequest, context: ServerCallContext): Promise<ListTasksResponse> {
    const pageSize = params.pageSize ?? DEFAULT_PAGE_SIZE;
    const where = ['owner = $1', 'tenant = $2'];
    const values: unknown[] = [ownerOf(context), context.tenant ?? ''];
    const add = (clause: (n: string) => string, value: unknown) => {
      values.push(value);
      where.push(clause(`$${values.length}`));
    };
    if (params.contextId) add((n) => `context_id = ${n}`, params.contextId);
    if (params.status !== undefined && params.status !== TaskState.TASK_STATE_UNSPECIFIED)
      add((n) => `state = ${n}`, taskStateToJSON(params.status));
    if (params.statusTimestampAfter) add((n) => `status_at > ${n}`, params.statusTimestampAfter);
    const filter = where.join(' AND ');
    const total = await this.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM a2a_tasks WHERE ${filter}`,
      values,
    );
    const page = [...values];
    let paged = filter;
    if (params.pageToken) {
      const [at, id] = decodeCursor(params.pageToken);
      page.push(at, id);
      paged += ` AND (status_at, id) < ($${page.length - 1}::timestamptz, $${page.length})`;
    }
    page.push(pageSize + 1);
    const rows = await this.sql.query<Row>(
      `SELECT task, to_char(status_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, id
         FROM a2a_tasks WHERE ${paged} ORDER BY status_at DESC, id DESC LIMIT $${page.length}`,
      page,
    );
    const shown = rows.slice(0, pageSize);
    const last = shown.at(-1);
    return {
      tasks: shown.map((row) => {
        const task = Task.fromJSON(row.task);
        return params.includeArtifacts === true ? task : { ...task, artifacts: [] };
      }),
      nextPageToken: rows.length > pageSize && last !== undefined ? encodeCursor(last.at, last.id) : '',
      pageSize,
      totalSize: total[0]!.n,
    };
  }
}
