import type {
  AuditEvent,
  ClockPort,
  DeclaredEffect,
  EffectSinkPort,
  IdPort,
  RemoteAgentPort,
  RemoteAnswer,
  TracePort,
} from '../kernel/ports';

/** A clock that moves only when told. */
export class FixedClock implements ClockPort {
  constructor(private ms = Date.UTC(2026, 8, 29, 9, 0, 0)) {}
  now(): number {
    return this.ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

/** Ids in order: run-1, run-2, receipt-1 … (a real IdPort returns unguessable ids). */
export class SequentialIds implements IdPort {
  private readonly counters = new Map<string, number>();
  constructor(private readonly prefix = '') {}
  next(kind: 'run' | 'receipt' | 'artifact'): string {
    const n = (this.counters.get(kind) ?? 0) + 1;
    this.counters.set(kind, n);
    return `${this.prefix}${kind}-${n}`;
  }
}

/** Audit events, kept for assertions. */
export class RecordingTrace implements TracePort {
  readonly events: AuditEvent[] = [];
  event(e: AuditEvent): void {
    this.events.push(e);
  }
}

/** Declared effects, kept; `failing` names effects that throw (to prove effects are isolated). */
export class RecordingEffects implements EffectSinkPort {
  readonly emitted: DeclaredEffect[] = [];
  constructor(readonly failing: Set<string> = new Set()) {}
  async emit(e: DeclaredEffect): Promise<void> {
    if (this.failing.has(e.effect)) throw new Error(`the ${e.effect} sink is down`);
    this.emitted.push(e);
  }
}

/** Outside agents answering from a script (or unavailable when none is scripted). */
export type ScriptedAgentAnswer =
  RemoteAnswer | ((q: Parameters<RemoteAgentPort['send']>[0]) => RemoteAnswer | Promise<RemoteAnswer>);

export class ScriptedAgents implements RemoteAgentPort {
  readonly sent: Parameters<RemoteAgentPort['send']>[0][] = [];
  /** By agent id: a fixed answer, or a function of what was sent (a scripted outside agent); a test may replace one. */
  constructor(readonly answers: Record<string, ScriptedAgentAnswer> = {}) {}
  async send(q: Parameters<RemoteAgentPort['send']>[0]): Promise<RemoteAnswer> {
    this.sent.push(structuredClone(q));
    const answer = this.answers[q.agent];
    if (answer === undefined) return { kind: 'unavailable', reason: 'no such agent in this test' };
    return typeof answer === 'function' ? answer(q) : answer;
  }
}
