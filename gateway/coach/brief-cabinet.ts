import { CABINET_FOLDERS } from '../../src/ontology/health-portal.generated';
import type { Cabinet, Reading, StillToDo } from '../../src/protocol/heartcoach';
import { day, when } from './brief-format';
import { patientZoneOf } from './patient-day';

/**
 * The patient's brief, first half (seed 000 step 6): the cabinet folders the person's agent sent under the grant, as
 * the playbook may read them. A folder not granted is said to be missing, never guessed.
 */
const WEEK_MS = 7 * 86_400_000;

const num = (r: Reading) => (typeof r.value === 'number' ? r.value : Number.NaN);

/**
 * What the patient still has to log today — their own today (gateway/coach/patient-day.ts): each metric with no
 * reading today, and doses while an active order has none.
 */
export function stillToDoToday(cabinet: Cabinet, now: Date): StillToDo[] {
  const zone = patientZoneOf(cabinet);
  const isToday = (iso: string) => zone.dayOf(iso) === zone.dayOf(now);
  const today = (cabinet.readings ?? []).filter((r) => isToday(r.at));
  const out: StillToDo[] = (['bp', 'weight', 'steps'] as const).filter((m) => !today.some((r) => r.metric === m));
  const orders = (cabinet.profile?.orders ?? []).filter((o) => o.active);
  const dosed = new Set((cabinet.doses ?? []).filter((d) => d.taken && isToday(d.at)).map((d) => d.orderId));
  if (orders.some((o) => !dosed.has(o.orderId))) out.push('doses');
  return out;
}

function profileLines(cabinet: Cabinet): string[] {
  const p = cabinet.profile;
  if (p === undefined) return ['## Cardiac profile — not shared with HeartCoach (not in the grant)'];
  const mirrored =
    p.mirroredFrom === undefined
      ? ''
      : ` (mirrored from ${p.mirroredFrom}${p.mirroredAt === undefined ? '' : ` ${day(p.mirroredAt)}`})`;
  const orders = p.orders
    .filter((o) => o.active)
    .map(
      (o) =>
        `${o.drug} ${o.dose}, ${o.schedule} (orderId ${o.orderId}${o.aliases.length > 0 ? `; also called ${o.aliases.join(', ')}` : ''})`,
    );
  return [
    `## Cardiac profile${mirrored}`,
    `Diagnoses: ${p.diagnoses.join(', ') || 'none recorded'}`,
    `Today's orders: ${orders.join('; ') || 'none'}`,
    `Allergies: ${p.allergies.join(', ') || 'none recorded'}`,
    `Care plan: ${p.carePlan || 'none recorded'}`,
    `Goals: ${p.goals.steps === undefined ? '' : `${p.goals.steps} steps a day`}${p.goals.weightKg === undefined ? '' : `; dry weight ${p.goals.weightKg} kg`}`,
    `Recent labs: ${p.labs.map((l) => `${l.name} ${l.value} ${l.unit} (${day(l.at)})`).join('; ') || 'none'}`,
  ];
}

function weekLines(cabinet: Cabinet, now: Date): string[] {
  if (cabinet.readings === undefined)
    return ['## The last seven days — readings not shared with HeartCoach (not in the grant)'];
  const week = cabinet.readings
    .filter((r) => now.getTime() - new Date(r.at).getTime() <= WEEK_MS)
    .sort((a, b) => b.at.localeCompare(a.at));
  const bps = week
    .filter((r) => r.metric === 'bp' && typeof r.value === 'string')
    .map((r) => (r.value as string).split('/').map(Number));
  const bp =
    bps.length === 0
      ? 'no BP readings'
      : `BP average ${Math.round(bps.reduce((s, [a]) => s + a!, 0) / bps.length)}/${Math.round(bps.reduce((s, [, b]) => s + b!, 0) / bps.length)} over ${bps.length} readings`;
  const weights = week.filter((r) => r.metric === 'weight');
  const weight =
    weights.length === 0
      ? 'no weight readings'
      : `latest weight ${num(weights[0]!)} ${weights[0]!.unit} (change ${(num(weights[0]!) - num(weights.at(-1)!)).toFixed(1)} over the week)`;
  const goal = cabinet.profile?.goals.steps;
  const stepDays = week.filter((r) => r.metric === 'steps' && goal !== undefined && num(r) >= goal).length;
  const doses = (cabinet.doses ?? []).filter((d) => now.getTime() - new Date(d.at).getTime() <= WEEK_MS);
  return [
    '## The last seven days',
    `${bp}; ${weight}; steps at goal on ${stepDays} days${goal === undefined ? '' : ` (goal ${goal})`}; doses ticked ${doses.filter((d) => d.taken).length} of ${doses.length}`,
    'Readings (newest first; cite these ids in builtFrom):',
    ...week.map((r) => `- ${r.id} · ${r.metric} ${r.value}${r.unit ? ` ${r.unit}` : ''} · ${when(r.at)} · ${r.source}`),
  ];
}

/** The cabinet half of the patient's brief. */
export function cabinetBrief(cabinet: Cabinet, now: Date): string {
  const lines = [
    `# The cabinet of ${cabinet.profile?.name ?? 'the patient'} — read under their grant · now ${when(now.toISOString())} UTC · the patient's today is ${patientZoneOf(cabinet).dayOf(now)} (${patientZoneOf(cabinet).label})`,
  ];
  lines.push(...profileLines(cabinet), ...weekLines(cabinet, now));
  if (cabinet.doses !== undefined) {
    const zone = patientZoneOf(cabinet);
    const today = cabinet.doses.filter((d) => zone.dayOf(d.at) === zone.dayOf(now));
    lines.push(
      `Doses today: ${today.map((d) => `${d.drug} ${d.taken ? 'taken' : 'missed'} ${when(d.at)} (${d.id})`).join('; ') || 'none ticked yet'}`,
    );
  }
  if (cabinet.symptoms !== undefined) {
    lines.push(
      `Recent symptoms: ${
        cabinet.symptoms
          .slice(-5)
          .map((s) => `"${s.text}" ${when(s.at)}`)
          .join('; ') || 'none'
      }`,
    );
  }
  lines.push(`Still to do today: ${stillToDoToday(cabinet, now).join(', ') || 'nothing'}`);
  if (cabinet.prefs !== undefined)
    lines.push(`Check-ins: ${cabinet.prefs.checkIns ? `on at ${cabinet.prefs.checkInAt ?? '08:00'}` : 'off'}`);
  lines.push('## Your own earlier insights (newest first)');
  const guidance = [...(cabinet.guidance ?? [])].sort((a, b) => b.at.localeCompare(a.at)).slice(0, 5);
  lines.push(
    ...(guidance.length > 0
      ? guidance.map((g) => `- ${when(g.at)} · "${g.question}" → ${g.say} (${g.tier})`)
      : ['- none yet']),
  );
  const missing = CABINET_FOLDERS.filter((f) => cabinet[f] === undefined);
  if (missing.length > 0)
    lines.push(`Not shared with HeartCoach: ${missing.join(', ')} — do not guess what they hold.`);
  return lines.join('\n');
}
