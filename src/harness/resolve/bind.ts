import { isItem, isRef, type ArgValue, type PlanStep } from '../plan/plan-schema';
import type { StepResult } from '../execute/step-result';
import type { StepState } from '../kernel/run-state';

/**
 * Binding a step's arguments to what earlier steps produced: `{ $ref: 's1' }` is step s1's value, `s1.text` its
 * sentence, `s1.rows` its rows, `s1.<field>` a field of its value; `{ $item }` is the fan-out's current item (or a
 * field of it). A reference that leads nowhere binds to undefined, and the argument is then asked for.
 */
export type ResultsById = ReadonlyMap<string, StepResult>;

export function lookup(path: string, results: ResultsById): unknown {
  const [id, ...fields] = path.split('.');
  const result = results.get(id ?? '');
  if (result === undefined) return undefined;
  if (fields.length === 0) return result.value;
  const [first, ...rest] = fields;
  let value: unknown =
    first === 'text' ? result.text : first === 'rows' ? result.rows : field(result.value, first ?? '');
  for (const f of rest) value = field(value, f);
  return value;
}

const field = (v: unknown, f: string): unknown =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>)[f] : undefined;

export function bindValue(value: ArgValue, results: ResultsById, item: unknown): unknown {
  if (isRef(value)) return lookup(value.$ref, results);
  if (isItem(value)) return value.$item === true ? item : field(item, value.$item);
  if (Array.isArray(value)) return value.map((v) => bindValue(v, results, item));
  return value;
}

export function bindArgs(step: PlanStep, results: ResultsById, item: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(step.args)) {
    const bound = bindValue(value, results, item);
    if (bound !== undefined && bound !== null && bound !== '') out[name] = bound;
  }
  return out;
}

/** `when`: run the step only when the referenced result equals the value (or, without one, is non-empty). */
export function whenHolds(step: PlanStep, results: ResultsById): boolean {
  if (step.when === undefined) return true;
  const value = lookup(step.when.$ref, results);
  if (step.when.equals !== undefined) return value === step.when.equals;
  return Array.isArray(value) ? value.length > 0 : Boolean(value);
}

/** The items a step fans out over: a literal list, or an earlier step's list (at most 16). */
export function itemsOf(step: PlanStep, results: ResultsById): unknown[] | null {
  if (step.forEach === undefined) return null;
  const list = Array.isArray(step.forEach) ? step.forEach : lookup(step.forEach.$ref, results);
  return Array.isArray(list) ? list.slice(0, 16) : [];
}

/** Results of finished steps by step id; a fan-out's value is the list of its instances' values. */
export function resultsById(steps: readonly StepState[]): ResultsById {
  const byId = new Map<string, StepResult[]>();
  for (const st of steps) {
    if (st.result === undefined) continue;
    const id = st.stepRef.split('.')[0] ?? st.stepRef;
    byId.set(id, [...(byId.get(id) ?? []), st.result]);
  }
  const out = new Map<string, StepResult>();
  for (const [id, list] of byId) {
    const [first] = list;
    if (first === undefined) continue;
    const fanned = steps.some((s) => s.stepRef.startsWith(`${id}.`));
    out.set(
      id,
      fanned
        ? {
            ...first,
            text: list.map((r) => r.text).join(' '),
            value: list.map((r) => r.value),
            rows: list.flatMap((r) => r.rows ?? []),
          }
        : first,
    );
  }
  return out;
}
