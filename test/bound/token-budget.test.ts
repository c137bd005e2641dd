// Token budgets that hold for real tokenizers: the estimate is an upper bound of o200k and cl100k on the recorded
// outputs, and an exact o200k counter fills its budget (within 5 %) instead of leaving half of it unused.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { countTokens as countCl100k } from "gpt-tokenizer/encoding/cl100k_base";
import { countTokens as countO200k } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, test } from "vitest";
import { bound } from "../../src/bound/index.js";
import { estimateTokens } from "../../src/bound/budget.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/", import.meta.url));
const inFolder = (folder: string, pattern: RegExp): string[] =>
  readdirSync(join(FIXTURES, folder)).filter((name) => pattern.test(name) && !name.includes("must-keep")).map((name) => join(FIXTURES, folder, name));
const recorded = [...inFolder(".", /\.(txt|log)$/), ...inFolder("salience", /\.txt$/)];
const recordedJson = ["json", "shapes", "hooks"].flatMap((folder) => inFolder(folder, /\.json$/));
/** What a model reads of a recorded output: the whole of it, cleaned (escapes, redraws, repeats). */
const cleaned = (path: string): string => bound(readFileSync(path), { budget: { maxLines: 1e9, maxBytes: 1e12 } }).text;
const name = (path: string): string => path.slice(FIXTURES.length);

function expectUpperBound(text: string): void {
  const estimate = estimateTokens(text);
  expect(estimate).toBeGreaterThanOrEqual(countO200k(text));
  expect(estimate).toBeGreaterThanOrEqual(countCl100k(text));
}

// SPEC §4's max(ceil(bytes/4), words) came out at 0.51 of the real count on vitest-tty.txt (bench/README.md).
describe("the token estimate is at least what o200k and cl100k count", () => {
  test.each(recorded.map((path) => [name(path), path]))("on the recorded output %s, cleaned, and as a JSON string", (_name, path) => {
    const text = cleaned(path);
    expectUpperBound(text);
    expectUpperBound(JSON.stringify(text));
  });

  test.each(recordedJson.map((path) => [name(path), path]))("on the recorded JSON %s", (_name, path) => {
    expectUpperBound(readFileSync(path, "utf8"));
  });
});

describe("--max-tokens on a MiB of real logs", () => {
  const logs = Buffer.concat(recorded.filter((path) => path.includes("salience")).map((path) => readFileSync(path))).subarray(0, 1024 * 1024);

  test("with the estimate, what is written is within the budget for o200k and cl100k", () => {
    const result = bound(logs, { budget: { maxLines: 2000, maxBytes: 1e9, maxTokens: 10_000 } });
    expect(result.truncated).toBe(true);
    expect(countO200k(result.text)).toBeLessThanOrEqual(10_000);
    expect(countCl100k(result.text)).toBeLessThanOrEqual(10_000);
  });

  // Salience on is the model's default (its cut plans its own room); off is the head-and-tail cut.
  test.each([true, false])("with the o200k tokenizer (salience %s), the budget is filled to within 5 %% and never exceeded", (salience) => {
    const result = bound(logs, { budget: { maxLines: 100_000, maxBytes: 1e9, maxTokens: 10_000 }, countTokens: countO200k, salience });
    const tokens = countO200k(result.text);
    expect(result.middle !== undefined).toBe(salience);
    expect(tokens).toBeLessThanOrEqual(10_000);
    expect(tokens).toBeGreaterThanOrEqual(9_500);
  });

  // opencode's own cut (--style opencode) searched the same way: it wrote 14 tokens for a budget of 1,000.
  test.each([1_000, 10_000])("with the o200k tokenizer and --style opencode, %i tokens are filled to within 5 %%", (maxTokens) => {
    const result = bound(logs, { budget: { maxLines: 2000, maxBytes: 51_200, maxTokens }, countTokens: countO200k, style: "opencode" });
    const tokens = countO200k(result.text);
    expect(tokens).toBeLessThanOrEqual(maxTokens);
    expect(tokens).toBeGreaterThanOrEqual(0.95 * maxTokens);
  });
});
