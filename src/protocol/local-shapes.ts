/**
 * The trace shapes of the asks the harness answers first, locally, before any judge, planner or model
 * (src/harness/plan/local-first.ts): `small-talk:<act>` for greetings and help, `red-flag:<rule>` for a red-flag
 * symptom, `others-funds:<object>` for a payment asked out of an organization's treasury. The faces read them to say
 * truthfully which stage decided.
 */
export const SMALL_TALK_SHAPE = 'small-talk';
export const RED_FLAG_SHAPE = 'red-flag';
export const OTHERS_FUNDS_SHAPE = 'others-funds';

/** Which local-first answer a trace shape records, if any. */
export function localFirstKind(shape: string | undefined): 'small-talk' | 'red-flag' | 'others-funds' | undefined {
  if (shape === undefined) return undefined;
  if (shape.startsWith(`${SMALL_TALK_SHAPE}:`)) return 'small-talk';
  if (shape.startsWith(`${RED_FLAG_SHAPE}:`)) return 'red-flag';
  if (shape.startsWith(`${OTHERS_FUNDS_SHAPE}:`)) return 'others-funds';
  return undefined;
}
