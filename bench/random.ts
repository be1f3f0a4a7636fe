/** Deterministic pseudo-random numbers in [0, 1) (a linear congruential generator): benches must be reproducible. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}
