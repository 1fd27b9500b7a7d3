import type { Result } from '../../protocol/errors';
import type { AskResponse, HarnessReply } from '../../protocol/harness-reply';
import type { HarnessSettings } from '../kernel/settings';
import type { ModelScript } from './scripted-model';
import type { World } from './world';

/**
 * A seed scenario: which model the world gets, and what to do and assert in it. Scenarios take `expect` as an
 * argument (vitest's, structurally) so the same list runs over the in-memory world now and over the real vault and
 * chain in phase 2 — the harness's own directory imports no test runner.
 */
export type Matchers = {
  toBe(expected: unknown): void;
  toEqual(expected: unknown): void;
  toMatchObject(expected: object): void;
  toContain(item: unknown): void;
  toHaveLength(length: number): void;
  toMatch(expected: string | RegExp): void;
  toBeGreaterThan(n: number | bigint): void;
  toBeDefined(): void;
};
export type Expect = (actual: unknown, message?: string) => Matchers & { not: Matchers };

export type Scenario = {
  id: string;
  title: string;
  /** 'throwing': a model port that throws if called; 'none': no model; a script: the scripted model. */
  model: 'throwing' | 'none' | ModelScript;
  settings?: Partial<HarnessSettings>;
  run(world: World, expect: Expect): Promise<void>;
};

/** The reply of a successful ask, or a failure that names what came back instead. */
export function replyOf(result: Result<AskResponse>): HarnessReply & { runRef: string } {
  if (!result.ok) throw new Error(`expected a reply, got ${result.error.code}: ${result.error.message}`);
  return { ...result.data.reply, runRef: result.data.runRef };
}

/** Narrows a reply to one kind, failing with what it was. */
export function expectKind<K extends HarnessReply['kind']>(
  reply: HarnessReply & { runRef: string },
  kind: K,
): Extract<HarnessReply, { kind: K }> & { runRef: string } {
  if (reply.kind !== kind) {
    const detail =
      reply.kind === 'refused'
        ? `${reply.error.code}: ${reply.error.message}`
        : reply.kind === 'prompt'
          ? reply.prompt.text
          : reply.kind === 'answer'
            ? reply.text
            : '';
    throw new Error(`expected ${kind}, got ${reply.kind} ${detail}`);
  }
  return reply as Extract<HarnessReply, { kind: K }> & { runRef: string };
}

/** The error of a failed ask (a door refusal), failing if the ask succeeded. */
export function errorOf(result: Result<AskResponse>): { code: string; message: string } {
  if (result.ok) throw new Error(`expected a refusal at the door, got a ${result.data.reply.kind} reply`);
  return result.error;
}
