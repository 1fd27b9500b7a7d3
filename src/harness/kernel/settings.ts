/**
 * The estate's choices (seed 001 §4 "What faithnet runs today"), as one value passed to the harness. Defaults are
 * the selective arm with clarify on a split; production may turn the judge off and let the planner decide.
 */
export type CalibrationMap = {
  /** Digest of the fitted map, cited on every decision that used it. */
  digest: `0x${string}`;
  temperature: number;
  /** Split-conformal threshold: an outcome is in the set when its calibrated probability ≥ 1 − qHat. */
  qHat: number;
};

export type HarnessSettings = {
  /** The one chain id of DESIGN §10: a CAIP-10 addressee on another chain is refused. */
  chainId: number;
  /** SKILL_SELECTION_DEFAULT: 'selective' runs the judge; 'off' leaves skills to the planner. */
  selection: 'selective' | 'off';
  /** SKILL_SELECTION_SPLIT: a split of two skills becomes "ask the person". */
  split: 'clarify' | 'off';
  /** The skill judge's profile (seed 001 §4): 'fast' by default; 'thorough' reasons over each option first. */
  judgeProfile: 'fast' | 'thorough';
  /** SKILL_SELECTION_BORDERLINE: re-ask once inside [0.35, 0.6] and average. */
  borderline: boolean;
  /** SKILL_SELECTION_PLAN: 'choice' asks the plan-choice judge among plans around the pick. */
  planChoice: 'choice' | 'single';
  /** Compiled shapes (regexes, no model) on; off only to evaluate the planner on its own. */
  compiledShapes: boolean;
  /** PLAN_REGRESSION_DEFAULT: 'on' completes a plan backwards from the goal through the capability transitions. */
  planRegression: 'on' | 'off';
  /** SKILL_SELECTION_ASKER_CONTEXT: 'full' adds recent skills and memory tags to the typed reading. */
  askerContext: 'basic' | 'full';
  calibration: CalibrationMap | null;
  floor: number;
  margin: number;
  splitMass: number;
  borderlineBand: readonly [number, number];
  /** A run (and its checkpoint) is kept about a week (seed 001 step 11). */
  runTtlMs: number;
  playbookCacheMs: number;
  outsideAgentTimeoutMs: number;
  /** A mandate's window when the person signs it (its `notAfter`), from the requirement's creation. */
  mandateWindowSeconds: number;
  /** Providers offered on this Home; an ask naming another is refused. */
  providers: readonly string[];
  /** Budget units charged per ask. */
  askCost: number;
  /** Where the person signs: their own Home (`<grantBase>?run=<runRef>`). */
  grantBase: string;
  /** Results larger than this many rows are offloaded to a run.artifact document. */
  artifactRows: number;
  /** This deployment's zone: the audience a forwarded credential must name to be received here. */
  zone: string;
};

export const DEFAULT_SETTINGS: HarnessSettings = {
  chainId: 31337,
  selection: 'selective',
  split: 'clarify',
  judgeProfile: 'fast',
  borderline: true,
  planChoice: 'choice',
  compiledShapes: true,
  planRegression: 'on',
  askerContext: 'basic',
  calibration: null,
  floor: 0.5,
  margin: 0.15,
  splitMass: 0.7,
  borderlineBand: [0.35, 0.6],
  runTtlMs: 7 * 24 * 3600 * 1000,
  playbookCacheMs: 60_000,
  outsideAgentTimeoutMs: 20_000,
  mandateWindowSeconds: 24 * 3600,
  providers: ['anthropic', 'scripted'],
  askCost: 1,
  grantBase: 'home-agent://home/you',
  artifactRows: 200,
  zone: 'home-agent:zone:local',
};
