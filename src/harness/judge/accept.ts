import { NOT_APPLICABLE } from '../kernel/model-port';
import type { CalibrationMap, HarnessSettings } from '../kernel/settings';

/**
 * The acceptance rule (seed 001 step 4, §4): code over the numbers the judge returned, never the judge's say-so.
 * n/a on top → none-fits; top < floor → below-floor; lead < margin → no-margin; otherwise the top skill. Under
 * split = clarify, a below-floor or no-margin split of two skills whose mass together ≥ splitMass becomes "ask the
 * person" among exactly those two. With a calibration map: temperature scaling, then the conformal set.
 */
export type Acceptance =
  | { outcome: 'chosen'; choice: string; rule: string }
  | { outcome: 'clarify'; options: string[]; rule: string }
  | { outcome: 'none-fits' | 'below-floor' | 'no-margin' | 'refused-judgement' | 'decline'; rule: string };

/** Checks a distribution against the offered options: every id offered, numbers summing to one (± 0.02). */
export function checkDistribution(
  distribution: Record<string, number>,
  options: readonly string[],
): { ok: true; normalized: Record<string, number> } | { ok: false; reason: string } {
  const offered = new Set(options);
  const unknown = Object.keys(distribution).filter((id) => !offered.has(id));
  if (unknown.length > 0)
    return { ok: false, reason: `the judge named options that were not offered: ${unknown.join(', ')}` };
  const sum = Object.values(distribution).reduce((a, b) => a + b, 0);
  if (Math.abs(sum - 1) > 0.02)
    return { ok: false, reason: `the judge's distribution sums to ${sum.toFixed(3)}, not 1` };
  const normalized: Record<string, number> = {};
  for (const id of options) normalized[id] = (distribution[id] ?? 0) / sum;
  return { ok: true, normalized };
}

const ranked = (d: Record<string, number>) => Object.entries(d).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));

export function acceptDistribution(
  d: Record<string, number>,
  s: Pick<HarnessSettings, 'floor' | 'margin' | 'split' | 'splitMass'>,
): Acceptance {
  const order = ranked(d);
  const [top, second] = [order[0], order[1]];
  if (top === undefined) return { outcome: 'refused-judgement', rule: 'an empty distribution' };
  if (top[0] === NOT_APPLICABLE) return { outcome: 'none-fits', rule: `n/a on top (${top[1].toFixed(2)})` };
  const lead = top[1] - (second?.[1] ?? 0);
  let rejected: Acceptance;
  if (top[1] < s.floor) rejected = { outcome: 'below-floor', rule: `top ${top[1].toFixed(2)} < floor ${s.floor}` };
  else if (lead < s.margin) rejected = { outcome: 'no-margin', rule: `lead ${lead.toFixed(2)} < margin ${s.margin}` };
  else
    return {
      outcome: 'chosen',
      choice: top[0],
      rule: `top ${top[1].toFixed(2)} ≥ ${s.floor}, lead ${lead.toFixed(2)} ≥ ${s.margin}`,
    };
  if (s.split === 'clarify') {
    const skills = order.filter(([id]) => id !== NOT_APPLICABLE).slice(0, 2);
    const mass = skills.reduce((a, [, p]) => a + p, 0);
    if (skills.length === 2 && mass >= s.splitMass) {
      return {
        outcome: 'clarify',
        options: skills.map(([id]) => id),
        rule: `${rejected.rule}; split of two with mass ${mass.toFixed(2)} ≥ ${s.splitMass}`,
      };
    }
  }
  return rejected;
}

/** Temperature scaling: p_i ∝ exp(log p_i / T). */
export function calibrate(d: Record<string, number>, temperature: number): Record<string, number> {
  const logits = Object.entries(d).map(([id, p]) => [id, Math.log(Math.max(p, 1e-9)) / temperature] as const);
  const max = Math.max(...logits.map(([, l]) => l));
  const exps = logits.map(([id, l]) => [id, Math.exp(l - max)] as const);
  const z = exps.reduce((a, [, e]) => a + e, 0);
  return Object.fromEntries(exps.map(([id, e]) => [id, e / z]));
}

/** The conformal set rule: one skill routes; several → ask among exactly those; otherwise decline. */
export function acceptConformal(d: Record<string, number>, map: CalibrationMap): Acceptance {
  const p = calibrate(d, map.temperature);
  const set = Object.entries(p)
    .filter(([, v]) => v >= 1 - map.qHat)
    .map(([id]) => id)
    .sort();
  const skills = set.filter((id) => id !== NOT_APPLICABLE);
  const rule = `conformal set {${set.join(', ')}} at 1 − q̂ = ${(1 - map.qHat).toFixed(3)}, T = ${map.temperature}`;
  if (skills.length === 1 && !set.includes(NOT_APPLICABLE)) return { outcome: 'chosen', choice: skills[0]!, rule };
  if (skills.length >= 2) return { outcome: 'clarify', options: skills.slice(0, 12), rule };
  return { outcome: set.length === 0 ? 'decline' : 'none-fits', rule };
}
