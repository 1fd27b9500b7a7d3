import type { Cabinet } from '../../src/protocol/heartcoach';

/**
 * The patient's own "today": the calendar day in the patient's time zone — the IANA zone their preferences name, or
 * else the UTC offset their latest reading or dose was written with (an ISO time carries the offset it was logged
 * at), or else UTC, said so in the brief. A dose at 21:00 in Chicago is that evening's, not the next UTC day's.
 */
export type PatientZone = { label: string; dayOf(instant: Date | string): string };

const OFFSET = /([+-])(\d{2}):(\d{2})$/;

function ianaZone(name: string): PatientZone {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone: name,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return { label: name, dayOf: (instant) => format.format(new Date(instant)) };
}

function offsetZone(sign: string, hours: string, minutes: string): PatientZone {
  const shift = (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000;
  return {
    label: `UTC${sign}${hours}:${minutes}`,
    dayOf: (instant) => new Date(new Date(instant).getTime() + shift).toISOString().slice(0, 10),
  };
}

export const UTC_ZONE: PatientZone = { label: 'UTC', dayOf: (instant) => new Date(instant).toISOString().slice(0, 10) };

export function patientZoneOf(cabinet: Cabinet): PatientZone {
  const named = cabinet.prefs?.timeZone;
  if (named !== undefined) return ianaZone(named);
  const latest = [...(cabinet.readings ?? []), ...(cabinet.doses ?? [])]
    .map((r) => r.at)
    .sort((a, b) => new Date(b).getTime() - new Date(a).getTime())[0];
  const offset = latest === undefined ? null : OFFSET.exec(latest);
  if (offset !== null && offset !== undefined) return offsetZone(offset[1]!, offset[2]!, offset[3]!);
  return UTC_ZONE;
}
