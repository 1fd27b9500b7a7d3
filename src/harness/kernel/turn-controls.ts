/**
 * What a door may pass with one ask (streaming to the side panel, cancellation through AbortSignal). Both are
 * about this turn's model calls only and neither changes what the model is asked or what the harness decides:
 * `onText` shows the text of the two calls a person reads (the composer, an instruction skill) as it arrives —
 * display only, since the harness checks and keeps the response's whole text and a recompose or the grounded
 * fallback may replace what was shown; `signal` aborts the turn's model calls, and the run then ends with a sentence
 * instead of going on (src/harness/run/run-ask.ts).
 */
export type StreamPiece = {
  role: 'composer' | 'skill-apply';
  /** 1 for the turn's first streamed call, 2 for the next…: a face starts over when it changes (a recompose). */
  call: number;
  delta: string;
};
/**
 * A step of the plan starting: its place (1-based) among the plan's steps and what it does, in the ontology's words
 * (the skill's label, else the capability's). Display only, like `onText`: it decides nothing and grants nothing.
 */
export type StepProgress = { step: number; of: number; label: string };
export type AskControls = {
  signal?: AbortSignal;
  onText?: (piece: StreamPiece) => void;
  onStep?: (progress: StepProgress) => void;
};

/** The sentence a run ends with when the person stopped it. */
export const STOPPED_SENTENCE = 'You stopped this answer.';
