// `--tokenizer o200k` reads the rank table the build put beside the bundle (dist/o200k.bin), only when a token
// budget asks for it; special-token text in the input is ordinary text; a missing or damaged table falls back to
// gpt-tokenizer with a warning and the same output.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { afterAll, describe, expect, test } from "vitest";
import { runCli } from "./cli-process.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const root = mkdtempSync(join(tmpdir(), "correx-tokenizer-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const env = { CORREX_SPILL_DIR: join(root, "spill") };
const fixture = join(ROOT, "test", "fixtures", "tsc-failing-build.txt");
const input = readFileSync(fixture);
// --no-spill: a saved output's id in the marker is random, and its token count moves the cut by a line.
const o200k = ["bound", "--max-tokens", "400", "--tokenizer", "o200k", "--no-spill", fixture];

/** A copy of the bundle in its own folder (dependencies reached through a node_modules link) with `table` as its rank table. */
function bundleWith(name: string, table?: Buffer): string {
  const dist = join(root, name, "dist");
  mkdirSync(dist, { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(root, name, "node_modules"));
  copyFileSync(join(ROOT, "dist", "cli.cjs"), join(dist, "cli.cjs"));
  if (table) writeFileSync(join(dist, "o200k.bin"), table);
  return join(dist, "cli.cjs");
}

/** Runs a copied bundle on the fixture. */
function runBundle(cli: string, args: string[]): { stdout: string; stderr: string; code: number | null } {
  const result = spawnSync(process.execPath, [cli, ...args], { input: args.includes(fixture) ? "" : input, env: { ...process.env, ...env, NO_COLOR: "1" }, encoding: "utf8" });
  return { stdout: result.stdout, stderr: result.stderr, code: result.status };
}

describe("--tokenizer o200k", () => {
  test("the build writes the rank table beside the bundle, and the cut fits the budget by gpt-tokenizer's count", () => {
    expect(existsSync(join(ROOT, "dist", "o200k.bin"))).toBe(true);
    const run = runCli(o200k, "", env);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
    expect(countTokens(run.text)).toBeLessThanOrEqual(400);
  });

  test("special-token text in the input is counted as ordinary text (it was an internal error)", () => {
    const text = "build log\n<|endoftext|> <|im_start|>system\nstill text\n";
    const run = runCli(["bound", "--max-tokens", "100", "--tokenizer", "o200k"], text, env);
    expect({ code: run.code, stderr: run.stderr, text: run.text }).toEqual({ code: 0, stderr: "", text });
  });

  const expected = (): string => runCli(o200k, "", env).text;

  test("a missing table: a warning, then gpt-tokenizer's counts (the same output)", () => {
    const run = runBundle(bundleWith("missing"), o200k);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^correx: warning: the o200k rank table .*o200k\.bin is missing; counting with gpt-tokenizer instead/);
    expect(run.stdout).toBe(expected());
  });

  test("a damaged table: a warning naming the damage, the same output", () => {
    const table = readFileSync(join(ROOT, "dist", "o200k.bin"));
    table.writeUInt8(table.readUInt8(table.length >> 1) ^ 1, table.length >> 1);
    const run = runBundle(bundleWith("damaged", table), o200k);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/o200k\.bin cannot be used \(checksum mismatch\); counting with gpt-tokenizer/);
    expect(run.stdout).toBe(expected());
  });

  test("the table is read only when a token budget counts with o200k", () => {
    const cli = bundleWith("unread", Buffer.from("not a table"));
    for (const args of [["bound", "--max-tokens", "400"], ["bound", "--tokenizer", "o200k"], ["bound"]]) {
      expect(runBundle(cli, args), args.join(" ")).toMatchObject({ code: 0, stderr: "" });
    }
    expect(runBundle(cli, o200k).stderr).toMatch(/cannot be used \(truncated \(11 bytes\)\)/);
  });
});
