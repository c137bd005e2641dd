// Generators for the fuzz suite: a seeded random source, bounding modes and inputs that stress the bounder.
import { PROVIDERS, type Provider } from "../../src/payload.js";
import type { NeededBudget } from "../../src/errors.js";

/** A seeded source of randomness (mulberry32): the same seed draws the same inputs. */
export interface Random {
  next(): number;
  integer(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** The state to replay from (printed when an input fails). */
  state(): number;
}

/** Creates a random source from a seed. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    integer: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    state: () => state,
  };
}

/** One way of bounding: the flags `correx bound` would get. */
export interface Mode {
  reader: "model" | "terminal";
  format: "text" | "json";
  to?: Provider;
  style: "correx" | "opencode";
  keep: "head" | "tail" | "both";
  tool?: string;
  raw: boolean;
  keepAnsi: boolean;
  color: boolean;
  width: number;
  spill: boolean;
  budget: NeededBudget & { maxLines: number; maxBytes: number };
}

/** Draws a mode: every projection, format and target, both styles, tiny, small and token budgets. */
export function drawMode(random: Random): Mode {
  const output = random.integer(0, 3);
  const tiny = random.chance(0.25);
  const budget = tiny
    ? { maxLines: random.integer(1, 8), maxBytes: random.integer(1, 700) }
    : { maxLines: random.integer(2, 120), maxBytes: random.integer(200, 8000) };
  const tokens = random.chance(0.25) ? { maxTokens: random.integer(tiny ? 1 : 40, tiny ? 200 : 2500) } : {};
  return {
    reader: output === 0 ? "terminal" : "model",
    format: output === 1 ? "json" : "text",
    ...(output === 2 ? { to: random.pick(PROVIDERS) } : {}),
    style: random.chance(0.3) ? "opencode" : "correx",
    keep: random.pick(["head", "tail", "both"] as const),
    ...(random.chance(0.2) ? { tool: random.pick(["bash", "webfetch", "mytool"]) } : {}),
    raw: random.chance(0.1),
    keepAnsi: random.chance(0.15),
    color: random.chance(0.3),
    width: random.integer(10, 140),
    spill: random.chance(0.4),
    budget: { ...budget, ...tokens },
  };
}

const PIECES = [
  "plain words", "\t\"quoted\"\t", "back\\slash", "é", "中文", "😀", "👩‍👩‍👧", "\u0301", "\x1b[31mred\x1b[0m", "abc\x1b[0m",
  "50%\r100%", "ab\bc", "\x1b]8;;http://x\x07link\x1b]8;;\x07", "\x07", "\x00", "\u2028", "\r", " ", "error: failed at x.ts:3:1",
] as const;
const RAW_BYTES = [Buffer.from([0xff]), Buffer.from([0xc3]), Buffer.from([0xe2, 0x82]), Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from([0xed, 0xa0, 0x80])];

function drawLine(random: Random): Buffer {
  const kind = random.integer(0, 9);
  if (kind === 0) return Buffer.from("x".repeat(random.integer(100, 1200)));
  if (kind === 1) return Buffer.from(String(random.integer(0, 1e6)));
  const parts: Buffer[] = [];
  for (let count = random.integer(0, 8); count > 0; count -= 1) {
    parts.push(random.chance(0.08) ? random.pick(RAW_BYTES) : Buffer.from(random.pick(PIECES)));
  }
  return Buffer.concat(parts);
}

/** Draws an input: short lines, long lines, repeats (folded), invalid UTF-8, BOMs, escapes, empty and binary. */
export function drawInput(random: Random): Buffer {
  const shape = random.integer(0, 19);
  if (shape === 0) return Buffer.alloc(0);
  if (shape === 1) return Buffer.from(Array.from({ length: random.integer(1, 3000) }, () => random.integer(0, 255)));
  if (shape === 2) return Buffer.from("same line\n".repeat(random.integer(2, 500)));
  const lines: Buffer[] = [];
  const count = random.chance(0.15) ? random.integer(100, 300) : random.integer(1, 40);
  for (let index = 0; index < count; index += 1) lines.push(random.chance(0.1) && index > 0 ? lines[index - 1]! : drawLine(random));
  const body = Buffer.concat(lines.flatMap((line, index) => (index === 0 ? [line] : [Buffer.from("\n"), line])));
  const start = random.chance(0.05) ? Buffer.from(random.chance(0.5) ? [0xef, 0xbb, 0xbf] : [0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf]) : Buffer.alloc(0);
  return Buffer.concat([start, body, random.chance(0.7) ? Buffer.from("\n") : Buffer.alloc(0)]);
}
