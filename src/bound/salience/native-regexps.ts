// The hot path's regular expressions compiled to native code at their first run. V8 compiles an expression first to
// bytecode and interprets it, then compiles it again to native code for its second run; a run on a text of 1,000
// characters or more goes to native code at once. Salience's scoring runs a few thousand lines once per output (at
// its end, with the rules, the miner's masks and the needles cold), where those interpreted first runs and double
// compiles cost more than the lines themselves (issue 16: the rules' first pass over 1,854 log lines 5.5 → 3.5 ms).

/** Characters from which V8 compiles an expression straight to native code (its tier-up length, 1,000 in V8 11). */
const TIER_UP_LENGTH = 1000;
let blank: string | undefined;

/**
 * Runs each expression once on a long blank text, so that it is native code from its first real run (lastIndex is
 * reset after, for a global one). Only for expressions every scored line runs: one never run is not compiled at all.
 */
export function compileNative(patterns: readonly RegExp[]): void {
  blank ??= " ".repeat(TIER_UP_LENGTH);
  for (let index = 0; index < patterns.length; index += 1) {
    patterns[index]!.test(blank);
    patterns[index]!.lastIndex = 0;
  }
}
