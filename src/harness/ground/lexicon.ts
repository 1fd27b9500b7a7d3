import {
  FRAMES,
  MATERIAL_POINTERS,
  NAME_SUFFIXES,
  NAME_TITLES,
  POLITENESS,
  SPEECH_CUES,
  TIER_ADVICE,
  UNIT_CUES,
  type Frame,
  type SpeechCue,
  type TierAdvice,
  type UnitCue,
} from '../../ontology/understanding.generated';
import { SYMPTOM_DOCTRINE, type SymptomRule } from '../../ontology/health-portal.generated';

export type {
  Frame,
  FrameAct,
  NumberRole,
  SpeechAct,
  SpeechCue,
  TierAdvice,
  UnitCue,
} from '../../ontology/understanding.generated';
export type { SymptomRule } from '../../ontology/health-portal.generated';

/**
 * What the grounding stage reads a sentence with, from the ontology (understanding.ttl, doctrine.ttl): the cues are
 * data, never code. Taken as a value so a test can run a stage over a small lexicon of its own.
 */
export type Lexicon = {
  readonly speech: readonly SpeechCue[];
  readonly titles: ReadonlySet<string>;
  readonly suffixes: ReadonlySet<string>;
  readonly politeness: readonly string[];
  /** Words that point at quoted material ("this page"): the ask is about it, and no frame says it. */
  readonly material: readonly string[];
  readonly units: readonly UnitCue[];
  readonly frames: readonly Frame[];
  readonly advice: readonly TierAdvice[];
  /** The symptom doctrine, most severe first. */
  readonly symptoms: readonly SymptomRule[];
};

export const UNDERSTANDING: Lexicon = {
  speech: SPEECH_CUES,
  titles: new Set(NAME_TITLES.map((t) => t.replace(/\.$/, ''))),
  suffixes: new Set(NAME_SUFFIXES.map((t) => t.replace(/\./g, ''))),
  politeness: POLITENESS,
  material: MATERIAL_POINTERS,
  units: UNIT_CUES,
  frames: FRAMES,
  advice: TIER_ADVICE,
  symptoms: SYMPTOM_DOCTRINE,
};

/** The words of one speech act's cues. */
export const cueWords = (lexicon: Lexicon, act: SpeechCue['act']): string[] =>
  lexicon.speech.filter((c) => c.act === act).flatMap((c) => c.words);
