/**
 * A small seeded random source (mulberry32) for the calibration proof and the deterministic splits: the same seed
 * gives the same numbers on every machine, so a test's figures are reproducible and cannot be picked by luck.
 */
export type Rng = { next(): number; normal(): number; int(n: number): number };

export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    // Box–Muller: one standard normal per call.
    normal: () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
    int: (n) => Math.floor(next() * n),
  };
}

/** A seeded Fisher–Yates shuffle (a copy). */
export function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
