import { read, reply } from '../../src/testing/scripted-messages-script';
import type { RecordedRequest, Script, ScriptedTurn } from '../../src/testing/scripted-messages-types';

/**
 * A scripted coach model for the gateway's tests (the hosted model cannot run here). Like a model, it decides only
 * from the request: the question, the tools it was offered, the brief in the system prompt and the tool results it got
 * back. It never knows a test case id, and every refusal it repeats is quoted from a tool result — so a test can
 * show the sentence came from a gate.
 */
const has = (request: RecordedRequest, tool: string) => read.toolNames(request).includes(tool);
/** The brief: the last system block (the first is the playbook, whose words the script must not mistake for data). */
const brief = (request: RecordedRequest) => read.systemTexts(request).at(-1) ?? '';
const briefLines = (request: RecordedRequest) => brief(request).split('\n');

/** Reading ids the brief lists (`- <id> · <metric> …`), newest first. */
export const readingIds = (request: RecordedRequest): string[] =>
  briefLines(request).flatMap((line) => /^- ((?:bp|weight|steps|pulse)-[\w-]+) · /.exec(line)?.[1] ?? []);

/** A care-team member's address by role label, from the patient's brief (`- Name — Nurse — 0x…`). */
const memberByRole = (request: RecordedRequest, label: string): string | null => {
  const line = briefLines(request).find((l) =>
    new RegExp(`^- .+ — (?:.* and )?${label}(?: and .*)? — 0x`, 'i').test(l),
  );
  return line === undefined ? null : (/(0x[0-9a-f]{40})$/.exec(line)?.[1] ?? null);
};

/** The patient's address from the desk brief's `## Name (0x…)` heading. */
const patientAddress = (request: RecordedRequest): string | null =>
  /^## .+ \((0x[0-9a-f]{40})\)$/m.exec(brief(request))?.[1] ?? null;

const openAlertId = (request: RecordedRequest): string | null =>
  /· (?:open|acknowledged) · .*\(alertId ([\w-]+)\)/.exec(brief(request))?.[1] ?? null;

const answer = (say: string, extra: Record<string, unknown> = {}): ScriptedTurn =>
  reply.tool('coach_reply', { say, tier: 'self-care', ...extra });

/** After the acts: repeat a refusal verbatim, or confirm what landed, citing what the brief now lists. */
function afterActs(request: RecordedRequest): ScriptedTurn {
  const results = read.lastToolResults(request);
  const refused = results.find((r) => r.isError);
  if (refused !== undefined) return answer(`I could not do that: ${refused.text}`, { because: 'The gate refused it.' });
  const tier = /Doctrine tier: ([a-z-]+)/.exec(results.map((r) => r.text).join(' '))?.[1] ?? 'self-care';
  const ids = readingIds(request).slice(0, 1);
  return answer(`Done. ${results.map((r) => r.text).join(' ')}`, {
    tier,
    builtFrom: ids,
    because: 'From the tool results.',
  });
}

function patientFirstRound(request: RecordedRequest, words: string): ScriptedTurn {
  const steps = /log (\d[\d,]*) steps/i.exec(words);
  if (steps !== null) return reply.tool('heartcoach__log', { metric: 'steps', value: steps[1]!.replace(/,/g, '') });
  const dose = /log my (.+?)[.!]?$/i.exec(words);
  if (dose !== null) return reply.tool('heartcoach__log', { metric: 'dose', value: dose[1]! });
  const tell = /tell my (nurse|pharmacist|cardiologist|dietitian) (?:that )?(.+)$/i.exec(words);
  if (tell !== null) {
    const to = memberByRole(request, tell[1]!) ?? '0x0000000000000000000000000000000000000000';
    return reply.tool('heartcoach__message', { to, text: tell[2]! });
  }
  if (words.startsWith('[symptom report] '))
    return reply.tool('heartcoach__triage', { symptom: words.slice('[symptom report] '.length) });
  const todo = /^Still to do today: (.+)$/m.exec(brief(request))?.[1] ?? 'nothing';
  const ids = readingIds(request).slice(0, 3);
  return answer(`A steady week: your readings are in range. Still to do today: ${todo}.`, {
    because: 'From your last seven days of readings.',
    theme: 'bp-trend',
    builtFrom: ids,
    stillToDo: todo === 'nothing' ? [] : todo.split(', '),
  });
}

function careTeamFirstRound(request: RecordedRequest, words: string): ScriptedTurn {
  const tellPatient = /^tell \w+ (.+)$/i.exec(words);
  if (tellPatient !== null)
    return reply.tool('heartcoach__message', { to: patientAddress(request), text: tellPatient[1]! });
  const ack = /^acknowledge .*alert\W+(.+)$/i.exec(words);
  if (ack !== null)
    return reply.tool('heartcoach__alert__ack', {
      alertId: openAlertId(request) ?? 'alert-none',
      note: ack[1]!,
      resolve: true,
    });
  if (/^acknowledge/i.test(words))
    return reply.tool('heartcoach__alert__ack', {
      alertId: openAlertId(request) ?? 'alert-none',
      note: 'seen',
      resolve: false,
    });
  if (/^record /i.test(words)) {
    const said = words.toLowerCase();
    const line = briefLines(request).find((l) => {
      const m = /^- ([\w-]+) · ([^·]+) · owner/.exec(l);
      return m !== null && (said.includes(m[1]!) || said.includes(m[2]!.trim().toLowerCase()));
    });
    const milestone = line === undefined ? 'unknown' : /^- ([\w-]+) ·/.exec(line)![1]!;
    return reply.tool('heartcoach__transition', { milestone, note: words });
  }
  const plan = /^write the (?:care )?plan:?\s*(.+)$/i.exec(words);
  if (plan !== null) return reply.tool('heartcoach__plan', { plan: plan[1]! });
  if (/weight/i.test(words)) {
    const where = briefLines(request).find((l) => /live in THEIR cabinet/.test(l)) ?? 'I do not know.';
    return answer(where, { because: 'The desk holds no readings.' });
  }
  const mine = briefLines(request)
    .filter((l) => l.includes('YOURS TO RECORD'))
    .map((l) => /^- ([\w-]+) ·/.exec(l)?.[1]);
  const day = /day (\d+) after discharge/.exec(brief(request))?.[1] ?? '?';
  return answer(`Alice is on day ${day} after discharge. Still yours to record: ${mine.join(', ') || 'nothing'}.`, {
    because: 'From the desk brief.',
  });
}

/** The coach: first round acts or answers from the words; later rounds answer from the tool results. */
export const scriptedCoach: Script = (request) => {
  if (read.lastToolResults(request).length > 0) return afterActs(request);
  const words = read.firstUserText(request).trim();
  return has(request, 'heartcoach__log') ? patientFirstRound(request, words) : careTeamFirstRound(request, words);
};
