// Salience through the public bounding path: real outputs keep their middle errors with true line numbers.
import { readFileSync } from "node:fs";
import { describe, expect, test, vi } from "vitest";
import { bound, BoundSession, resolveBoundOptions } from "../../../src/bound/index.js";
import { OmissionSummary } from "../../../src/bound/salience/summary.js";

const fixture = (name: string): Buffer => readFileSync(new URL(`../../fixtures/salience/${name}`, import.meta.url));
const mustKeep = (name: string): string[] => fixture(`${name}.must-keep.txt`).toString("utf8").split("\n").map((line) => line.trim()).filter(Boolean);
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;

/** Every `L<n>: text` line of a projection, checked against line n of the input. */
function numberedLines(text: string): { number: number; text: string }[] {
  return text.split("\n").flatMap((line) => {
    const match = /^L(\d+): (.*)$/s.exec(line);
    return match ? [{ number: Number(match[1]), text: match[2]! }] : [];
  });
}

function expectTrueNumbers(input: Buffer, text: string): void {
  const lines = input.toString("utf8").replace(ANSI, "").split("\n");
  for (const line of numberedLines(text)) expect(line.text).toBe(lines[line.number - 1]!.replace(/\r$/, ""));
}

const withErrors = ["make-k-j8", "gcc-repeated-error-unique-cause", "eslint-warnings-3-errors", "cargo-e0308-after-warnings", "server-log-stack-trace", "set-x-deploy", "python-batch-traceback", "tsc-build-verbose", "find-permission-denied",
  "unittest-v-4-failures", "make-k-error-note", "cargo-e0425-after-warnings", "shellcheck-30-scripts", "javac-xlint-3-errors"];

describe("salience on real outputs", () => {
  test.each(withErrors.flatMap((name) => [51200, 10240].map((bytes) => [name, bytes] as const)))("%s at %d bytes keeps every must-keep line, numbered truly, within budget", (name, bytes) => {
    const input = fixture(`${name}.txt`);
    const result = bound(input, { budget: { maxLines: 2000, maxBytes: bytes } });
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(bytes);
    const lines = result.text.split("\n");
    const missing = mustKeep(name).filter((needle) => !lines.some((line) => line.includes(needle)));
    expect(missing).toEqual([]);
    expectTrueNumbers(input, result.text);
  });

  test("with salience off the middle error is lost (what the issue measured)", () => {
    const input = fixture("make-k-j8.txt");
    const off = bound(input, { budget: { maxLines: 2000, maxBytes: 10240 }, salience: false });
    expect(off.text).not.toContain("error: incompatible types");
    expect(off.middle).toBeUndefined();
    const on = bound(input, { budget: { maxLines: 2000, maxBytes: 10240 } });
    expect(on.text).toContain("error: incompatible types");
  });

  test.each(["vitest-verbose-all-pass", "pytest-verbose-all-pass", "git-diff", "git-log-patch", "apt-cache-show-descriptions"])("%s promotes no middle line", (name) => {
    for (const bytes of [51200, 10240, 4096]) {
      const result = bound(fixture(`${name}.txt`), { budget: { maxLines: 2000, maxBytes: bytes } });
      expect(result.middle).toBeUndefined();
      expect(numberedLines(result.text)).toEqual([]);
      expect(result.text).toBe(bound(fixture(`${name}.txt`), { budget: { maxLines: 2000, maxBytes: bytes }, salience: false }).text);
    }
  });

  test("the kept middle ranges are listed in shown, between the head and the tail", () => {
    // Near-duplicate folding off: with it, the make output's warnings fold and its error is shown in the head.
    const result = bound(fixture("make-k-j8.txt"), { budget: { maxLines: 2000, maxBytes: 10240 }, foldSimilar: false });
    expect(result.middle).toEqual([{ from_line: 619, to_line: 623 }]);
    expect(result.shown.slice(0, 2)).toEqual([{ from_line: 1, to_line: 35 }, { from_line: 619, to_line: 623 }]);
    expect(result.shown[2]!.to_line).toBe(1306);
    expect(result.shown[2]!.from_line).toBeGreaterThan(1000);
  });
});

/** A log of `lines` lines with one error line at `at`, as a Buffer. */
function logWithError(lines: number, at: number): Buffer {
  const out: string[] = [];
  for (let index = 1; index <= lines; index += 1) {
    out.push(index === at ? `2026-12-01T04:00:00Z ERROR [db] connection refused (ECONNREFUSED 10.0.0.5:5432)` : `2026-12-01T04:00:00Z INFO  [worker-${index % 7}] handled request ${index} in ${index % 97} ms`);
  }
  return Buffer.from(`${out.join("\n")}\n`);
}

describe("lines that leave the tail ring", () => {
  test("an error megabytes before the end is kept with its true line number, whatever the chunk sizes", () => {
    const input = logWithError(60000, 21000);
    const session = new BoundSession(resolveBoundOptions({ budget: { maxLines: 2000, maxBytes: 10240 } }));
    let offset = 0;
    for (let size = 1; offset < input.length; size = (size * 7 + 13) % 9973) {
      session.write(input.subarray(offset, offset + size + 1));
      offset += size + 1;
    }
    const result = session.finish();
    expect(input.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(result.text).toContain("L21000: 2026-12-01T04:00:00Z ERROR [db] connection refused (ECONNREFUSED 10.0.0.5:5432)");
    expect(result.middle).toEqual([{ from_line: 21000, to_line: 21000 }]);
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(10240);
  });

  test("the omitted range is summarised by its dominant template", () => {
    const result = bound(logWithError(60000, 21000), { budget: { maxLines: 2000, maxBytes: 10240 } });
    expect(result.marker).toMatch(/\[1 salient line of the omitted range follows as L<line>: <text>; the omitted lines, mostly: ~\d+ × "N-N-NTN:N:NZ INFO \[worker-N\] handled request N …"\]/);
  });

  test("an output whose kind of line changes part-way is summarised by both kinds, with counts near the truth", () => {
    // ~200 KB: 3,000 compile lines then 3,000 link lines, nearly all of it left the ring at this budget. One summary
    // line per 64 KiB once counted all ~5,900 omitted lines as compile lines.
    const compile = Array.from({ length: 3000 }, (_, index) => `[${index + 1}/3000] compiling module_${index + 1}.c`);
    const link = Array.from({ length: 3000 }, (_, index) => `[${index + 1}/3000] linking part_${index + 1}.o`);
    const error = "src/net/socket.c:118:9: error: implicit declaration of function 'frobnicate'";
    const input = [...compile, error, ...link, "make: *** [Makefile:12: all] Error 1", ""].join("\n");
    const result = bound(input, { budget: { maxLines: 30, maxBytes: 51200 } });
    expect(result.text).toContain(`L3001: ${error}`);
    const counts = new Map([...(result.marker ?? "").matchAll(/~(\d+) × "\[N\/N\] (\w+)/g)].map((match) => [match[2], Number(match[1])]));
    expect([...counts.keys()].sort()).toEqual(["compiling", "linking"]);
    for (const count of counts.values()) expect(Math.abs(count - 2990)).toBeLessThan(750);
  });

  test("two templates the summary would show alike are counted as one kind", () => {
    // 4 shared tokens of 51 characters, then 6 that differ: the miner keeps two templates (4/10 alike), the summary
    // shows 48 characters of each, the same text. Shown twice, they read as one kind counted twice.
    const shared = "aaaaaaaaaaa bbbbbbbbbbb ccccccccccc ddddddddddd";
    const summary = new OmissionSummary();
    summary.addWeighted(`${shared} p q r s t u`, 60);
    summary.addWeighted(`${shared} v w x y z o`, 40);
    expect(summary.describe(() => true)).toBe(`mostly: ~100 × "${shared.slice(0, 47)}…"`);
  });

  test("a different error in the middle comes before more copies of the error the head shows (gcc, 2,000 bytes)", () => {
    // 150 files fail the same way, the head shows the first file's error; main.c's own error is once, at 50 %
    const input = fixture("gcc-repeated-error-unique-cause.txt");
    for (const maxBytes of [2000, 2500, 4000]) {
      const result = bound(input, { budget: { maxLines: 2000, maxBytes } });
      expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(maxBytes);
      expect(result.text, `${maxBytes}`).toContain(mustKeep("gcc-repeated-error-unique-cause")[0]);
      expectTrueNumbers(input, result.text);
    }
  });

  test("an estimated count is never more than the lines omitted (sampling weighs each line mined)", () => {
    const summary = new OmissionSummary();
    for (let index = 0; index < 12; index += 1) summary.addWeighted(`INFO processing item ${index}`, 8);
    expect(summary.describe(() => true)).toBe('mostly: ~96 × "INFO processing item N"');
    expect(summary.describe(() => true, undefined, 94)).toBe('mostly: ~94 × "INFO processing item N"');
  });

  test("once lines left the ring (the counts estimates), one window line in 8 is mined for the summary, weighing 8", () => {
    const spy = vi.spyOn(OmissionSummary.prototype, "addWindowLine");
    let offered: number[];
    let summary: OmissionSummary;
    try {
      bound(logWithError(60000, 20000), { budget: { maxLines: 2000, maxBytes: 10240 } }); // ~3.9 MB
      offered = spy.mock.calls.map((call) => call[0]);
      summary = spy.mock.contexts[0] as OmissionSummary;
    } finally {
      spy.mockRestore();
    }
    expect(summary.estimated).toBe(true);
    expect(offered.length).toBeGreaterThan(800);
    expect(summary.windowLinesMined).toBe(offered.filter((number) => number % 8 === 0).length);
    // Exact counts before any line left the ring: every window line is mined; after, each mined one stands for 8.
    const exact = new OmissionSummary();
    for (let line = 1; line <= 40; line += 1) exact.addWindowLine(line, `INFO handled request ${line}`);
    expect(exact.windowLinesMined).toBe(40);
    const estimated = new OmissionSummary();
    estimated.addWeighted("DEBUG tick", 2);
    for (let line = 1; line <= 320; line += 1) estimated.addWindowLine(line, `INFO handled request ${line}`);
    expect(estimated.windowLinesMined).toBe(40);
    expect(estimated.describe(() => true)).toBe('mostly: ~320 × "INFO handled request N"');
  });
});

describe("the format", () => {
  test("head, marker, note, numbered lines with a marker per gap, tail", () => {
    const lines = Array.from({ length: 200 }, (_, index) => `step ${index + 1}: ok`);
    lines[99] = "src/app.ts:12:5 - error TS2322: Type 'string' is not assignable to type 'number'.";
    lines[100] = "    12 const total: number = 'x';";
    lines[149] = "make: *** [Makefile:4: all] Error 2";
    const result = bound(`${lines.join("\n")}\n`, { budget: { maxLines: 2000, maxBytes: 1200 }, foldSimilar: false });
    expect(result.text).toMatchInlineSnapshot(`
      "step 1: ok
      step 2: ok
      step 3: ok
      step 4: ok
      step 5: ok
      step 6: ok
      step 7: ok
      step 8: ok
      step 9: ok
      step 10: ok
      step 11: ok
      step 12: ok
      [... omitted 145 lines, 1798 bytes: lines 13-160 of 200 lines (2605 bytes in all) ...]
      [full output not saved (--no-spill)]
      [3 salient lines of the omitted range follow as L<line>: <text>; the omitted lines, mostly: 145 × "step N: ok"]
      [... lines 13-99 omitted ...]
      L100: src/app.ts:12:5 - error TS2322: Type 'string' is not assignable to type 'number'.
      L101:     12 const total: number = 'x';
      [... lines 102-149 omitted ...]
      L150: make: *** [Makefile:4: all] Error 2
      [... lines 151-160 omitted ...]
      step 161: ok
      step 162: ok
      step 163: ok
      step 164: ok
      step 165: ok
      step 166: ok
      step 167: ok
      step 168: ok
      step 169: ok
      step 170: ok
      step 171: ok
      step 172: ok
      step 173: ok
      step 174: ok
      step 175: ok
      step 176: ok
      step 177: ok
      step 178: ok
      step 179: ok
      step 180: ok
      step 181: ok
      step 182: ok
      step 183: ok
      step 184: ok
      step 185: ok
      step 186: ok
      step 187: ok
      step 188: ok
      step 189: ok
      step 190: ok
      step 191: ok
      step 192: ok
      step 193: ok
      step 194: ok
      step 195: ok
      step 196: ok
      step 197: ok
      step 198: ok
      step 199: ok
      step 200: ok
      "
    `);
  });
});
