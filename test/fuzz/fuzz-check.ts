// The fuzz suite (issue 11): ≥ 10,000 generated inputs per `npm test` (two files run side by side), in process through `boundInput`, the same
// code as `correx bound` (options parsed, input detected, normalized, bounded, spilled, projected, rendered).
// Each mode (every --for, --format, --to, --style, token and tiny budgets) is checked on the written output:
// the budget holds (or the budget is refused with exit 2 and the smallest budget that works, which then works),
// the output is valid UTF-8, the spill is the input, and bounding is idempotent and blind to chunking.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect } from "vitest";
import { countLines, estimateTokens } from "../../src/bound/budget.js";
import { boundInput } from "../../src/cli/bound-input.js";
import type { RawOptions } from "../../src/cli/options.js";
import { BudgetTooSmallError, type NeededBudget } from "../../src/errors.js";
import { PROVIDERS } from "../../src/payload.js";
import { createRandom, drawInput, drawMode, type Mode, type Random } from "./generate.js";

const spillDir = mkdtempSync(join(tmpdir(), "correx-fuzz-"));
afterAll(() => rmSync(spillDir, { recursive: true, force: true }));

/**
 * Structured inputs join the suite here: each entry makes an input from the random source (drawn one time in
 * ten): a command's JSON, which bound shows as its JSON view when it does not fit.
 */
export const STRUCTURED_INPUTS: ((random: Random) => Buffer)[] = [plainJson];

/** A command's JSON (one value, compact or indented, sometimes cut short or doubled): the JSON view's input. */
function plainJson(random: Random): Buffer {
  const item = (n: number): unknown => random.pick<unknown>([n, `item-${n}-${"é😀x".repeat(random.integer(0, 6))}`, { id: n, tags: [n % 7, "t"], nested: { deep: [[n]] } }, null, [n, -0.5]]);
  const array = Array.from({ length: random.integer(0, 800) }, (_, n) => item(n));
  const value = random.chance(0.5) ? array : { name: "x".repeat(random.integer(0, 3000)), items: array, count: array.length, extra: { a: array.slice(0, 5) } };
  const text = JSON.stringify(value, null, random.pick([undefined, 2, 4]));
  const shaped = random.chance(0.1) ? text.slice(0, random.integer(1, text.length)) : random.chance(0.05) ? `${text}\n${text}` : text;
  return Buffer.from(random.chance(0.5) ? `${shaped}\n` : shaped);
}

type Outcome = { text: string; warnings: string[] } | { refused: NeededBudget };

async function* chunksOf(bytes: Buffer, cuts: number[]): AsyncGenerator<Buffer> {
  let start = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    if (cut <= start || cut >= bytes.length) continue;
    yield bytes.subarray(start, cut);
    start = cut;
  }
  if (start < bytes.length) yield bytes.subarray(start);
}

function rawOptions(mode: Mode, budget: NeededBudget): RawOptions {
  return {
    for: mode.reader, format: mode.format, ...(mode.to ? { to: mode.to, callId: "call_1", name: "tool" } : {}), style: mode.style,
    keep: mode.keep, ...(mode.tool ? { tool: mode.tool } : {}), ...(mode.raw ? { raw: true } : {}), ...(mode.keepAnsi ? { keepAnsi: true } : {}),
    maxLines: String(budget.maxLines), maxBytes: String(budget.maxBytes), ...(budget.maxTokens !== undefined ? { maxTokens: String(budget.maxTokens) } : {}),
    width: String(mode.width), ...(mode.spill ? { spillDir } : { spill: false }),
  };
}

async function bound(bytes: Buffer, mode: Mode, budget: NeededBudget, cuts: number[] = []): Promise<Outcome> {
  try {
    const bounded = await boundInput(rawOptions(mode, budget), chunksOf(bytes, cuts), { stdoutIsTTY: false, columns: undefined, env: mode.color ? { FORCE_COLOR: "1" } : { NO_COLOR: "1" } });
    if ("batch" in bounded) throw new Error("the fuzz suite writes no batches");
    return bounded;
  } catch (error) {
    if (error instanceof BudgetTooSmallError) return { refused: error.needed };
    throw error;
  }
}

/** The lines the budget counts: the written text's, or for JSON (one line) the model text it carries. */
function countedLines(text: string, mode: Mode): number {
  if (mode.format === "text" && !mode.to) return countLines(text);
  const found = /"(?:data|content|output|text|error|message)":"((?:[^"\\]|\\.)*)"/.exec(text);
  return found ? countLines(JSON.parse(`"${found[1]}"`) as string) : 1;
}

function expectWithin(text: string, mode: Mode, budget: NeededBudget): void {
  expect(Buffer.byteLength(text)).toBeLessThanOrEqual(budget.maxBytes!);
  expect(countedLines(text, mode)).toBeLessThanOrEqual(budget.maxLines!);
  if (budget.maxTokens !== undefined) expect(estimateTokens(text)).toBeLessThanOrEqual(budget.maxTokens);
  expect(Buffer.from(text, "utf8").toString("utf8")).toBe(text);
}

/** Spill ids and paths differ from run to run; everything else must not. */
const stable = (text: string): string => text.replace(/tool_[0-9a-z]{1,26}/g, "tool_ID").replace(/"duration_ms":\d+/g, "");

const SPILLED = /(?:\[full output: |full content saved to |"output_path":")([^\s;"\]]+)/;

/** Draws one mode and one input and checks every promise on what is written; returns the mode's kind. */
export async function check(random: Random): Promise<string> {
  const mode = drawMode(random);
  const input = STRUCTURED_INPUTS.length > 0 && random.chance(0.1) ? random.pick(STRUCTURED_INPUTS)(random) : drawInput(random);
  let budget = mode.budget;
  let outcome = await bound(input, mode, budget);
  if ("refused" in outcome) {
    // Refused only when a limit is really too small, and the budget it names must then work.
    const needed = outcome.refused;
    for (const key of ["maxLines", "maxBytes", "maxTokens"] as const) if (needed[key] !== undefined) expect(needed[key]).toBeGreaterThan(budget[key] ?? 0);
    budget = { ...budget, ...needed };
    outcome = await bound(input, mode, budget);
    if ("refused" in outcome) throw new Error(`the named budget ${JSON.stringify(budget)} was refused too: ${JSON.stringify(outcome.refused)}`);
    // And it is the smallest: one less on any limit it names is refused.
    for (const key of ["maxLines", "maxBytes", "maxTokens"] as const) {
      if (needed[key] === undefined) continue;
      const less = await bound(input, mode, { ...budget, [key]: needed[key]! - 1 });
      if (!("refused" in less)) throw new Error(`one less than the named budget ${JSON.stringify(budget)} works too: ${key} ${needed[key]! - 1}`);
    }
  }
  const { text } = outcome;
  expectWithin(text, mode, budget);
  const spilled = SPILLED.exec(text)?.[1];
  if (spilled && !spilled.endsWith(".text") && !spilled.endsWith("…")) expect(readFileSync(spilled).equals(input)).toBe(true);
  if (random.chance(0.15)) {
    const cuts = Array.from({ length: random.integer(1, 6) }, () => random.integer(1, Math.max(1, input.length - 1)));
    const chunked = await bound(input, mode, budget, cuts);
    expect("text" in chunked ? stable(chunked.text) : chunked).toBe(stable(text));
  }
  if (mode.reader === "model" && mode.format === "text" && !mode.to && mode.style === "correx" && !mode.tool && random.chance(0.4)) {
    const again = await bound(Buffer.from(text, "utf8"), mode, budget);
    expect("text" in again ? again.text : again).toBe(text);
  }
  return `${mode.to ?? mode.format}/${mode.reader}/${mode.style}`;
}

/** Runs `count` generated inputs from a seed; every target and projection must have been drawn. */
export async function fuzz(seed: number, count: number): Promise<void> {
  const random = createRandom(seed);
  const seen = new Set<string>();
  for (let index = 0; index < count; index += 1) {
    const state = random.state();
    try {
      seen.add(await check(random));
    } catch (error) {
      throw new Error(`input ${index} of seed ${seed} (random state ${state}) failed: ${(error as Error).message}`, { cause: error });
    }
  }
  for (const target of [...PROVIDERS, "json", "text"]) expect([...seen].some((key) => key.startsWith(`${target}/`))).toBe(true);
}
