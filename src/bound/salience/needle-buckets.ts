// Which of the fingerprint's 8 buckets each needle of the byte path goes in: what decides how many positions the
// scan must compare with needles (its costly part once a position passes the fingerprint).

/** Buckets of the fingerprint (one bit of a byte each); bucket 0 holds the needles shorter than three bytes. */
export const BUCKET_COUNT = 8;

/**
 * The bucket of each needle of prefilter.ts (as latin1 text), found by a local search that counted, on the recorded
 * outputs of test/fixtures/salience and on bench/log-input.mjs's and salience-speed.mjs's lines (1.5 MB), the
 * positions passing the fingerprint and the needle compares they cost: 9.1 positions and 27 compares per KB,
 * against 32 and 215 for the nibble-overlap heuristic below (which the search started from).
 */
const CHOSEN_BUCKETS: ReadonlyMap<string, number> = new Map([
  ["rror", 4], [".go:", 4], ["ERR", 5], ["ail", 2], ["AIL", 2], ["xception", 6], ["Traceback", 6], ["anic", 3], ["atal", 2], ["ATAL", 3], ["***", 2], ["xit", 6],
  ["\" 5", 1], ["Permission denied", 7], ["Access denied", 7], ["Segmentation fault", 7], ["core dumped", 5], ["Caused by", 1], ["annot ", 2],
  ["nable to", 3], ["CRIT", 1], ["SEVERE", 3], ["No such file", 7], ["not found", 5], ["not ok", 5], ["E  ", 7],
  ["ENO", 1], ["EACCES", 1], ["EPERM", 1], ["ECONN", 1], ["ETIMEDOUT", 1], ["EADDRINUSE", 1], ["ERESOLVE", 1],
  // Added later, each placed by the same count on the recorded outputs and 1 MB of log lines, the others fixed.
  ["anitizer", 3], ["Invalid ", 4], ["nitialised", 5], ["ely lost", 5], ["CONFLICT (", 1],
  // `efused` took `Connection refused`'s place (bucket 7): 8.98 → 9.00 positions and 37.9 → 38.7 compares per KiB of
  // the recorded outputs, the log lines' 0.30 and 1.57 unchanged (bucket 5 was the best of the 7 tried).
  ["efused", 5],
  // Go's race detector, a runtime's warning, Perl's `at x.pl line N.` (salwide), each placed in turn in the bucket that
  // let least through on the recorded outputs (now with the wide_cases.sh ones) and the log lines: 11.04 → 12.10
  // positions and 54.1 → 67.6 compares per KiB of the outputs; the log lines' 0.30 and 1.57 unchanged.
  ["DATA RACE", 6], ["Warning: ", 7], [".pl line ", 4], [".pm line ", 4],
  // C++'s `terminate called after throwing …` for a type without `rror`/`xception` (std::out_of_range): 12.26 → 13.50
  // positions and 68.3 → 80.4 compares per KiB of the outputs (`terminate called` would have cost 16.7 and 97.9).
  ["after throwing", 5],
  ["\u00e2\u009d\u008c", 1], ["\u00e2\u0097\u008f", 1], ["\u00e2\u009d\u00af", 1],
]);

/**
 * Spreads needles over the buckets: prefilter.ts's byte needles as chosen below, any other needle with those sharing
 * its first byte, each group where it adds least overlap of the fingerprint's nibbles.
 */
export function assignBuckets(needles: readonly Buffer[]): number[][] {
  const buckets: number[][] = Array.from({ length: BUCKET_COUNT }, () => []);
  const groups = new Map<number, number[]>();
  needles.forEach((needle, index) => {
    const chosen = CHOSEN_BUCKETS.get(needle.toString("latin1"));
    if (needle.length < 3) buckets[0]!.push(index);
    else if (chosen !== undefined) buckets[chosen]!.push(index);
    else groups.set(needle[0]!, [...(groups.get(needle[0]!) ?? []), index]);
  });
  const nibbles = (bucket: number[]): number => {
    let cost = 0;
    for (let at = 0; at < 3; at += 1) {
      const low = new Set(bucket.map((index) => needles[index]![at]! & 15));
      const high = new Set(bucket.map((index) => needles[index]![at]! >> 4));
      cost += low.size * high.size;
    }
    return cost;
  };
  for (const group of [...groups.values()].sort((a, b) => b.length - a.length)) {
    let best = 1;
    let bestCost = Number.POSITIVE_INFINITY;
    for (let bucket = 1; bucket < BUCKET_COUNT; bucket += 1) {
      const cost = nibbles([...buckets[bucket]!, ...group]) - nibbles(buckets[bucket]!);
      if (cost < bestCost) {
        best = bucket;
        bestCost = cost;
      }
    }
    buckets[best]!.push(...group);
  }
  return buckets;
}

