// A log level's warning among a log's info lines is salient while rare (rare-warnings.ts): a service log's one
// warning is kept, at the corpus's budgets (salaudit5-kinds.test.ts) and in the middle of 3 MiB of its lines (the byte
// path); a log with many warnings and every compiler's or bundler's warnings are not.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";
import { describe, expect, test, vi } from "vitest";
import { bound } from "../../../src/bound/index.js";
import { NeedleScan, type FoundHits } from "../../../src/bound/salience/needle-scan.js";
import { BYTE_NEEDLES } from "../../../src/bound/salience/prefilter.js";
import { isLogWarning, RareWarnings, WARNING_BYTE_NEEDLES } from "../../../src/bound/salience/rare-warnings.js";
import { SalienceScanner } from "../../../src/bound/salience/scanner.js";
import { benchLog } from "./bench-log.js";
import { fixture, mustKeep } from "./corpus-kinds.js";
import { largeAround, recorded } from "./large-tool-outputs.js";

const CORREX = fileURLToPath(new URL("../../../bin/correx", import.meta.url));
const LONE = ["python-logging-lone-warning", "jul-lone-warning", "pino-lone-warning", "winston-lone-warning"];
/** The middle lines a cut shows (`L<n>: text`), without their numbers. */
const middle = (text: string): string[] => text.split("\n").filter((line) => /^L\d+: /.test(line)).map((line) => line.replace(/^L\d+: /, ""));

describe("which lines are a log level's warning", () => {
  test("each recorded log's one warning, and the level formats of logfmt, Go's log/slog, log4j and Maven", () => {
    for (const name of LONE) expect(fixture(`${name}.txt`).filter(isLogWarning)).toEqual([fixture(`${name}.txt`).find((line) => line.includes(mustKeep(name)[0]!))]);
    for (const line of [
      'time=2026-12-04T17:00:00.000Z level=WARN msg="disk usage high" percent=91',
      '{"time":"2026-12-04T17:00:00Z","level":"WARN","msg":"disk usage high"}',
      "2026-12-04 17:00:00,123 WARN  [main] c.e.Sync - rate is 49 hours old",
      "[WARNING] The POM for org.apache.maven:maven-core:jar:3.2.5 is missing, no dependency information available",
      "WARNING:root:rate is 49 hours old",
    ]) expect(isLogWarning(line)).toBe(true);
  });

  test("not an info line that names a warning, a structured line at another level, a checker's or bundler's finding", () => {
    for (const line of [
      "2026-12-04 17:00:00,123 INFO ledger.sync: WARN threshold set to 80%",
      'time=2026-12-04T17:00:00.000Z level=INFO msg="WARN threshold set"',
      '{"level":30,"time":1,"msg":"warn threshold set","warnings":0}',
      "/docs/page17.rst:4: WARNING: undefined label: 'missing-17'",
      "[WARNING] /src/ledger/A.java:[12,5] [removal] Integer(int) in Integer has been deprecated",
      '▲ [WARNING] Duplicate key "max" in object literal [duplicate-object-key]',
      "WARNING in ./src/region000.js 7:0-53",
    ]) expect(isLogWarning(line)).toBe(false);
  });

  test("no line of a compiler's, linter's or bundler's recorded output is one (gcc, clang-tidy, cargo, clippy, tsc, eslint, javac, mcs, GHC, Biome, oxlint, stylelint, esbuild, webpack, go vet, Maven's compile, pyright, mypy, pylint, flake8)", () => {
    const names = readdirSync(new URL("../../fixtures/salience/", import.meta.url)).filter((name) => /^(?:gcc|gxx|clang|cargo|tsc|eslint|javac|mcs|ghc|biome|oxlint|stylelint|esbuild|webpack|go-vet|maven-compile|make|cmake|meson|ant|dune|pyright|mypy|pylint|flake8)-/.test(name) && name.endsWith(".txt") && !name.endsWith(".must-keep.txt"));
    expect(names.length).toBeGreaterThan(30);
    for (const name of names) expect([name, fixture(name).filter(isLogWarning)]).toEqual([name, []]);
  });

  test("rare: at most 8, and at most one in 50 lines of the middle", () => {
    const warnings = new RareWarnings();
    for (let n = 0; n < 8; n += 1) expect(warnings.take("WARNING:root:x")).toBe(true);
    expect(warnings.rareAmong(400)).toBe(true);
    expect(warnings.rareAmong(399)).toBe(false);
    expect(warnings.take("INFO:root:x")).toBe(false);
    expect(warnings.take("WARNING:root:x")).toBe(false);
    expect(warnings.exceeded).toBe(true);
  });
});

describe("a lone warning is kept; many warnings, and errors, are as before", () => {
  test.each(LONE)("%s: its warning in the middle of 3 MiB of its info lines, at the default budget (the byte path)", (name) => {
    const input = largeAround(name, mustKeep(name)[0]!);
    const result = spawnSync(process.execPath, [CORREX, "bound", "--for", "model", "--no-spill"], { input, maxBuffer: 1 << 26 });
    expect(middle(result.stdout.toString("utf8")).filter((line) => line.includes(mustKeep(name)[0]!))).toHaveLength(1);
  });

  test("Python logging's 250 warnings in the middle of 3 MiB of its lines (the byte path): its error shown, no warning", () => {
    const input = largeAround("python-logging-many-warnings", "ERROR ledger.sync");
    const result = spawnSync(process.execPath, [CORREX, "bound", "--for", "model", "--no-spill"], { input, maxBuffer: 1 << 26 });
    const shown = middle(result.stdout.toString("utf8"));
    expect(shown.filter((line) => line.endsWith("ERROR ledger.sync: record 433 failed") || line === "KeyError: 'GBP'")).toHaveLength(2);
    expect(shown.filter(isLogWarning)).toEqual([]);
  });

  test("log lines with a WARN in six (the bench's): no warning among the middle lines shown", () => {
    const input = Buffer.from(`${benchLog(20_000).join("\n")}\n`);
    for (const bytes of [51200, 10240]) expect(middle(bound(input, { budget: { maxLines: 2000, maxBytes: bytes } }).text).filter(isLogWarning)).toEqual([]);
  });

  test("Python logging's 250 warnings in 2,255 lines and 20 in 845, Maven's 101: not rare, none shown among the middle lines", () => {
    for (const name of ["python-logging-many-warnings", "python-logging-default-format", "maven-compile-3-errors"]) {
      for (const bytes of [51200, 10240, 4096]) expect(middle(bound(Buffer.from(fixture(`${name}.txt`).join("\n")), { budget: { maxLines: 2000, maxBytes: bytes }, foldSimilar: false }).text).filter(isLogWarning)).toEqual([]);
    }
  });

  test("the warning takes no room an error needs: the error's lines shown are those shown when the warning is an info line", () => {
    const { lines } = recorded("python-logging-lone-warning");
    const error = fixture("python-logging-default-format.txt");
    const from = error.findIndex((line) => line.startsWith("ERROR:ledger.sync:record 433 failed"));
    const failure = error.slice(from, error.findIndex((line, at) => at > from && line.startsWith("KeyError")) + 1);
    const warning = lines.findIndex(isLogWarning);
    const input = (at: string[]): Buffer => Buffer.from(`${[...at.slice(0, 1500), ...failure, ...at.slice(1500)].join("\n")}\n`);
    const asInfo = lines.map((line, at) => (at === warning ? line.replace(" WARNING ", " INFO ") : line));
    for (const bytes of [1024, 1536, 2048, 4096, 10240]) {
      const shown = middle(bound(input(lines), { budget: { maxLines: 2000, maxBytes: bytes }, foldSimilar: false }).text);
      const without = middle(bound(input(asInfo), { budget: { maxLines: 2000, maxBytes: bytes }, foldSimilar: false }).text);
      expect(shown.filter((line) => failure.includes(line))).toEqual(without.filter((line) => failure.includes(line)));
      if (bytes >= 2048) expect(shown).toEqual(expect.arrayContaining(["ERROR:ledger.sync:record 433 failed", "KeyError: 'currency'"]));
    }
  });
});

describe("once a log has more warnings than are rare, the byte path stops looking for them", () => {
  test("a scan whose needles were set again finds what a new scan of those needles finds", () => {
    const folder = new URL("../../fixtures/salience/", import.meta.url);
    const bytes = Buffer.concat(readdirSync(folder).filter((name) => name.endsWith(".txt")).sort().map((name) => readFileSync(new URL(name, folder))));
    const fewer = BYTE_NEEDLES.filter((needle) => !WARNING_BYTE_NEEDLES.includes(needle.toString("latin1")));
    expect(fewer.length).toBe(BYTE_NEEDLES.length - WARNING_BYTE_NEEDLES.length);
    const hits = (scan: NeedleScan): number[] => {
      const found: FoundHits = { positions: [], linesBefore: [] };
      scan.scan(bytes, 0, bytes.lastIndexOf(0x0a) + 1, 255, 1 << 30, found);
      return found.positions;
    };
    const again = NeedleScan.create(BYTE_NEEDLES)!;
    again.setNeedles(fewer);
    const fresh = hits(NeedleScan.create(fewer)!);
    expect(fresh.length).toBeGreaterThan(10_000);
    expect(hits(again)).toEqual(fresh);
    expect(hits(NeedleScan.create(BYTE_NEEDLES)!).length).toBeGreaterThan(fresh.length);
  });

  test("the bench's log lines (a WARN line in six): the warnings' needles dropped once, in the first region", () => {
    const set = vi.spyOn(NeedleScan.prototype, "setNeedles");
    const scanner = new SalienceScanner((line) => line, 51_200);
    scanner.begin(1, true);
    const input = Buffer.from(`${benchLog(40_000).join("\n")}\n`);
    for (let offset = 0; offset < input.length; offset += 65_536) scanner.evict(input.subarray(offset, offset + 65_536));
    scanner.flush();
    expect(set).toHaveBeenCalledTimes(1);
    expect(set.mock.calls[0]![0].map((needle) => needle.toString("latin1"))).not.toContain("WARN");
    set.mockRestore();
  });
});


describe("glog's, absl's and klog's warning lines (`W1204 18:00:00.123456 1234 file.cc:42] …`)", () => {
  const GLOG = ["glog-error-no-error-word", "glog-fatal-batch", "absl-fatal-batch", "absl-worker-log-exception"];

  test("each W line of the recorded glog and absl-py runs is one, none of their I, E or F lines; kubectl's klog E lines are none", () => {
    for (const name of GLOG) {
      const lines = fixture(`${name}.txt`);
      const warnings = lines.filter((line) => /^W\d{4}/.test(line));
      expect(warnings.length).toBeGreaterThan(10);
      expect([name, lines.filter(isLogWarning)]).toEqual([name, warnings]);
    }
    expect(fixture("kubectl-no-cluster.txt").filter(isLogWarning)).toEqual([]);
    // klog's format as Kubernetes components print it (no tool here prints a W line without a cluster: kubectl -v=6
    // with no server printed I and E lines only), its thread id padded; an I line naming a WARN is info.
    expect(isLogWarning("W1204 18:51:41.169414   15188 loader.go:223] Config not found: /root/.kube/config")).toBe(true);
    expect(isLogWarning("I1204 18:51:41.169414   15188 round_trippers.go:560] WARN threshold set")).toBe(false);
  });

  test("glog's run with one warning among its 1,200 lines (the others left out): the warning is kept in the middle", () => {
    // The recorded glog 0.6 run's own lines, its warnings but shard 280's left out (it logged one every 40 shards: 15,
    // not rare). Before: no glog line was a warning, and shard 280's was lost at every budget.
    const lines = fixture("glog-error-no-error-word.txt").filter((line) => !/^W\d/.test(line) || line.includes("shard 280:"));
    const input = Buffer.from(lines.join("\n"));
    for (const bytes of [51200, 10240, 4096]) {
      const shown = middle(bound(input, { budget: { maxLines: 2000, maxBytes: bytes }, foldSimilar: false }).text);
      expect([bytes, shown.filter((line) => line.includes("shard 280: fetch took 1080 ms"))]).toEqual([bytes, ["W20261203 23:48:20.613678  9383 ingest.cc:9] shard 280: fetch took 1080 ms"]]);
    }
  });

  test("the same warning in the middle of 3 MiB of the run's info lines, at the default budget (the byte path)", () => {
    // The run's I lines before it (shards renumbered per copy) on each side: only the byte path sees the middle. Before
    // (salaudit6) it had no needle for a W line (`\nW2` hands back the line after the newline: needle-scan.wat), and
    // the warning was lost.
    const lines = fixture("glog-error-no-error-word.txt").filter((line) => !/^W\d/.test(line) || line.includes("shard 280:"));
    const info = lines.slice(0, lines.findIndex((line) => line.includes("shard 280:"))).filter((line) => line.startsWith("I"));
    const filler = (from: number): string[] => Array.from({ length: Math.ceil((1.5 * 1024 * 1024) / Buffer.byteLength(info.join("\n"))) }, (_, copy) => info.map((line) => line.replace(/shard (\d+)/, (_, n) => `shard ${Number(n) + (from + copy) * 1000}`))).flat();
    const input = Buffer.from(`${[...filler(1), ...lines, ...filler(500)].join("\n")}\n`);
    expect(input.length).toBeGreaterThan(3 * 1024 * 1024);
    const result = spawnSync(process.execPath, [CORREX, "bound", "--for", "model", "--no-spill"], { input, maxBuffer: 1 << 26 });
    expect(middle(result.stdout.toString("utf8")).filter((line) => line.includes("shard 280: fetch took 1080 ms"))).toEqual(["W20261203 23:48:20.613678  9383 ingest.cc:9] shard 280: fetch took 1080 ms"]);
  });
});
