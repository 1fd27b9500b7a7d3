import type { CaseResult, Totals } from './score';

/** The evaluation as a person reads it: one line per case, then the totals. */
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function caseLine(r: CaseResult): string {
  const d = r.decision;
  const decided =
    d.behaviour === 'error'
      ? `error: ${d.error ?? ''}`
      : `${d.behaviour}${d.tools.length > 0 ? ` ${d.tools.join(' + ')}` : ''}${d.options.length > 0 ? ` {${d.options.join(', ')}}` : ''}`;
  const expected = `${r.expected.behaviour}${r.expected.skill !== undefined ? ` ${r.expected.skill}` : ''}${r.expected.options !== undefined ? ` {${r.expected.options.join(', ')}}` : ''}`;
  const flags = [
    r.correct ? 'ok ' : 'NO ',
    r.wrongAct ? 'WRONG-ACT ' : '',
    r.forbiddenHit ? 'FORBIDDEN' : '',
    !r.argsMatched ? 'args ' : '',
  ]
    .join('')
    .trim();
  const reply = r.replyMatch === null ? d.reply : `${d.reply}${r.replyMatch ? '' : ` (expected ${r.expected.reply})`}`;
  const planner = d.trace?.plannerUsed ?? '-';
  return `${flags.padEnd(4)} ${r.id.padEnd(18)} ${expected.padEnd(44)} → ${decided.padEnd(44)} ${reply.padEnd(34)} ${planner.padEnd(10)} calls ${r.calls} tokens ${r.tokens.input}/${r.tokens.cached}/${r.tokens.output}`;
}

export function totalsLines(t: Totals): string[] {
  const lines = [
    `cases ${t.cases}: reply-and-arguments accuracy ${pct(t.accuracy)} (${t.correct}/${t.cases}); wrong acts ${t.wrongActs} (${pct(t.wrongActRate)}); needless questions ${t.needlessQuestions} (${pct(t.needlessQuestionRate)}); in-scope refusals ${t.inScopeRefusals} (${pct(t.inScopeRefusalRate)} of the asks it can do)`,
    `decision accuracy ${pct(t.decisionAccuracy)} (${t.decisionCorrect}/${t.cases}, behaviour and capability only), help rate ${pct(t.helpRate)} (clarify / all), coverage ${pct(t.coverage)} (decided without asking), selective accuracy ${pct(t.selectiveAccuracy)}`,
    `forbidden-skill hits ${t.forbiddenHits}; reply kind as expected ${t.replyMatched}/${t.replyExpected}; errors ${t.errors}`,
    `model calls per case ${t.callsPerCase}; tokens per case (input / cached / output) ${t.tokensPerCase.input} / ${t.tokensPerCase.cached} / ${t.tokensPerCase.output}; answered with zero model calls ${t.zeroModelCalls}/${t.cases} (${pct(t.zeroModelCallShare)})${t.costUsdPerCase !== null && t.callsPerCase > 0 ? `; cost per case ≈ $${t.costUsdPerCase} (estimate)` : ''}`,
    `by expected behaviour: ${Object.entries(t.byBehaviour)
      .map(([b, v]) => `${b} ${v.correct}/${v.cases}`)
      .join(', ')}`,
    'by category (reply-and-arguments correct / cases; wrong acts; needless questions; in-scope refusals / asks it can do):',
    ...categoryLines(t),
  ];
  return lines;
}

/** One line per category, every figure: what a person sees in that kind of ask. */
export function categoryLines(t: Totals): string[] {
  const rows = Object.entries(t.byCategory).sort(([a], [b]) => (a < b ? -1 : 1));
  const width = Math.max(8, ...rows.map(([k]) => k.length));
  return rows.map(
    ([k, v]) =>
      `  ${k.padEnd(width)} ${`${v.correct}/${v.cases}`.padStart(7)} ${pct(v.cases === 0 ? 0 : v.correct / v.cases).padStart(6)}; wrong acts ${v.wrongActs}; needless questions ${v.needlessQuestions}; in-scope refusals ${v.inScopeRefusals}/${v.inScope}`,
  );
}
