// Which of the fingerprint's 8 buckets each needle of the byte path goes in: what decides how many positions the
// scan must compare with needles (its costly part once a position passes the fingerprint).

/** Buckets of the fingerprint (one bit of a byte each); bucket 0 holds the needles shorter than three bytes. */
export const BUCKET_COUNT = 8;

/**
 * The bucket of each needle of prefilter.ts (as latin1 text), found by a local search (single moves, swaps of two
 * needles, restarts from random perturbations) that counted the positions passing the fingerprint and the needle
 * compares they cost: it minimized them on 4 MiB of bench/log-input.mjs's log lines, no other corpus allowed to get
 * worse (the recorded outputs of test/fixtures/salience, needle-buckets.test.ts's log lines without errors, dpkg's
 * and apt's logs, node_modules' JavaScript and Markdown, /usr/include's headers). Per KiB, positions / compares:
 * bench log lines 3.15 / 24.4 → 1.82 / 7.3 (1.79 are hits: `ERR` of every `ERROR`; `eou` of `timeout` passed
 * `efused`'s bucket, hex ids `anic`'s and `SEVERE`'s); recorded outputs 14.1 / 84.9 → 12.3 / 66.6; the others in
 * bench/README.md, "The needle scan per MiB".
 */
const CHOSEN_BUCKETS: ReadonlyMap<string, number> = new Map([
  ["rror", 6], ["ERR", 3], ["ail", 2], ["AIL", 2], ["xception", 2], ["Traceback", 6], ["anic", 2], ["atal", 6], ["ATAL", 5], ["***", 3],
  ["xit", 5], ["\" 5", 4], ["Permission denied", 7], ["Access denied", 7], ["Segmentation fault", 7], ["core dumped", 5],
  ["Caused by", 1], ["annot ", 2], ["nable to", 3], ["CRIT", 1], ["SEVERE", 7], ["No such file", 4], ["not found", 5],
  ["not ok", 5], ["efused", 1], ["E  ", 4], ["ENO", 1], ["EACCES", 4], ["EPERM", 1], ["ECONN", 1], ["ETIMEDOUT", 1],
  ["EADDRINUSE", 4], ["ERESOLVE", 1], [".go:", 4], ["anitizer", 2], ["Invalid ", 7], ["nitialised", 5], ["ely lost", 1],
  ["CONFLICT (", 5], ["DATA RACE", 6], ["Warning: ", 3], [".pl line ", 4], [".pm line ", 4], ["after throwing", 5],
  // bash's report of a child killed by a signal (`… Aborted`, `… Killed`; salwide2): each placed in the bucket that let
  // least through, the others fixed: recorded outputs (with wide2's 25 more) 14.27 / 79.5 → 14.43 / 81.4, 4 MiB of
  // bench/log-input.mjs's lines 1.81 / 7.26 unchanged.
  ["Aborted", 7], ["Killed", 7],
  // bash's test builtin (`[: too many arguments`) and systemd's `Refusing.` (salaudit), placed the same way: recorded
  // outputs (with the audit's 8 more) 13.71 / 78.0 → 14.18 / 82.8, the bench's log lines 1.81 / 7.3 unchanged.
  ["[: ", 7], ["efusing.", 1],
  // nginx's `[emerg] ` and `[crit] ` (salaudit3), placed the same way: recorded outputs (with the audit's 12 more, which
  // alone took them from 13.99 / 82.7 to 14.31 / 87.3) 14.31 / 87.3 → 14.33 / 89.9, the bench's log lines 1.81 / 7.3
  // unchanged. (`[alert] ` let 0.85 more positions and 10 more compares of the recorded outputs through in its best
  // bucket, 7, and more log lines elsewhere: it has text needles only.)
  ["[emerg] ", 7], ["[crit] ", 7],
  // The ninth audit's marks the byte path missed (salaudit4: large-tool-kinds.test.ts), each in the bucket that let
  // least through with the others fixed (per KiB, positions / compares): rubocop's `E: ` and `F: ` (7), npm ls's `NMET `
  // (4) and `nvalid: "` (6), sqlfluff's `nparsable` (6), oxlint's `  x ` (3: two blanks open most of its candidates;
  // 0.08 / 2.2 of the bench's log lines, 3.6 / 19 of the recorded outputs). Recorded outputs 14.33 / 89.9 → 20.40 /
  // 142.2, the bench's log lines 1.81 / 7.3 → 1.89 / 9.5.
  ["E: ", 7], ["F: ", 7], ["NMET ", 4], ["nvalid: \"", 6], ["nparsable", 6], ["  x ", 3],
  // pino's `el":5` and `el":6` (salaudit4's JSON log lines at levels 50 and 60), in 3: in 5 they cost the recorded outputs
  // 2.3 / 20 more, in 3 each ERROR line of the bench compares two more needles. Recorded outputs (with the audit's 12
  // more, which alone took them from 20.40 / 142.2 to 20.17 / 144.6) → 20.42 / 155.4, the bench's log lines → 1.89 / 13.2.
  ["el\":5", 3], ["el\":6", 3],
  // TeX's `! Undefined control sequence.` (salaudit5) as `equence.`, in 1: recorded outputs (with the eleventh
  // audit's 8 more, which alone took them to 20.48 / 160.1) → 22.02 / 179.4, the bench's log lines 1.89 / 13.2
  // unchanged (`sequence.` in its best bucket, 2, and placed by the heuristic let more through: 1.1 and 0.4 more
  // positions per KiB of the recorded outputs, 0.13 and 1.6 of the log lines).
  ["equence.", 1],
  // A log level's warning (salaudit5's rare warnings, rare-warnings.ts): `WARN` in 3, `"warn` in 4, `=warn` in 6, pino's
  // `l":40` in 2, placed one by one: recorded outputs (with the 4 logs of a lone warning) → 26.34 / 224.0, the
  // bench's log lines 1.89 / 13.2 → 4.10 / 32.4, most of them hits (a sixth of its lines are WARN lines: hits 1.79 →
  // 3.6 per KiB). Not `el":4` (22.78 / 202.3 and 3.70 / 33.3): its kind of line, digits masked (`el":0,"time":0,…`),
  // is level 50's, which a log's many level-40 lines then saturated (the scan stopped handing back pino's errors:
  // salaudit4-kinds.test.ts).
  ["WARN", 3], ["\"warn", 4], ["=warn", 6], ["l\":40", 2],
  // glog's, absl's and klog's warning lines (`\nW1204 …`, glog 0.6's `\nW2026…`; salaudit6), opening with the newline
  // before them, in 5 (the bucket that let least through): the recorded outputs (with the twelfth audit's 6) 26.20 /
  // 221.8 → 28.08 / 251.5, the bench's log lines 4.10 / 32.4 → 4.36 / 35.3 (in 3, where `WARN` is, 70.7 / 728 and
  // 18.2 / 198: each line's start passed).
  ["\nW0", 5], ["\nW1", 5], ["\nW2", 5],
  // glog's error and fatal lines the same way (`\nE0` … `\nF2`, salaudit6), in 6: recorded outputs 28.09 / 251.5 →
  // 29.87 / 305.6, the bench's log lines unchanged (4.36 / 35.3); in 5, beside the warnings', 30.45 / 320.9 and 6.07 /
  // 65.9, in the others 31.0–75.9 / 330–955 and 6.3–18.0 / 64–248.
  ["\nE0", 6], ["\nE1", 6], ["\nE2", 6], ["\nF0", 6], ["\nF1", 6], ["\nF2", 6],
  // curl's `curl: (N) …` (salaudit8), opening with the newline before it, in 1 (the bucket that let least through):
  // the 196 earlier recorded outputs 29.10 / 297.5 → 29.34 / 303.0 (with the fourteenth audit's 7: 28.33 / 291.7 →
  // 28.55 / 296.9), the bench's log lines 4.36 / 35.3 unchanged (`curl: (` without the newline in its best bucket, 1: 32.57 / 352.3 and 5.44 / 51.5, the `cur` of
  // `current`, `cursor` and `curl/7.88` passing).
  ["\ncurl: (", 1],
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

