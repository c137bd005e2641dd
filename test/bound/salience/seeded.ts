// A seeded random source (mulberry32) for the tests that need varied log lines, the same ones every run.

/** Numbers in [0, 1) from `seed`, the same sequence every run, and a pick from a list drawn from it. */
export function seeded(seed: number): { next: () => number; pick: <T>(list: readonly T[]) => T } {
  let state = seed;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]! };
}
