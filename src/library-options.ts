// The library's options, checked as the CLI checks its flags: a JavaScript caller (or a config passed on as it was
// read) can give any value, and unchecked, a word the CLI refuses would be taken silently: salience: "off" (a string,
// so true) would keep salience on, keep: "middle" and style: "weird" bound as the defaults, reader: "human" project
// for the model, format: "yaml" write JSON, budget: { maxBytes: "1000" } be compared as a string; to: "claude" would
// throw a bare Error ("unexpected provider") and normalize(value, "weird") another ("no reader registered").
import { UsageError } from "./errors.js";
import { describeValue } from "./library-input.js";
import { isRecord, PROVIDERS, SOURCE_SHAPES } from "./payload.js";

const quoted = (value: unknown): string => (typeof value === "string" ? JSON.stringify(value) : typeof value === "number" || typeof value === "boolean" ? String(value) : describeValue(value));

/** `name` given as `value`: one of `accepted` (each shown quoted), or absent. */
function checkWord(name: string, value: unknown, accepted: readonly string[]): void {
  if (value === undefined || (typeof value === "string" && accepted.includes(value))) return;
  throw new UsageError(`${name} ${quoted(value)}: accepts ${accepted.map((word) => JSON.stringify(word)).join(", ")}`);
}

/** `name` given as `value`: true, false, or absent. */
function checkBoolean(name: string, value: unknown): void {
  if (value === undefined || typeof value === "boolean") return;
  throw new UsageError(`${name} ${quoted(value)}: accepts true or false`);
}

/** `name` given as `value`: an object (or absent). */
function checkObject(name: string, value: unknown): void {
  if (value === undefined || isRecord(value)) return;
  throw new UsageError(`${name} ${quoted(value)}: accepts an object of options, or none`);
}

/** The bounding options a library call takes (bound(), project(), resolveBoundOptions()), as far as the CLI checks them. */
export function checkBoundOptionsInput(options: unknown): void {
  checkObject("options", options);
  if (options === undefined) return;
  const given = options as Record<string, unknown>;
  checkObject("budget", given.budget);
  if (given.hygiene !== null) checkObject("hygiene", given.hygiene);
  checkWord("keep", given.keep, ["head", "tail", "both"]);
  checkWord("style", given.style, ["correx", "opencode"]);
  if (given.headRatio !== undefined && typeof given.headRatio !== "number") throw new UsageError(`headRatio ${quoted(given.headRatio)}: accepts a number from 0 to 1 (the head's share of the budget, e.g. 0.2)`);
  checkBoolean("salience", given.salience);
  checkBoolean("foldSimilar", given.foldSimilar);
  if (isRecord(given.hygiene)) {
    for (const field of ["stripAnsi", "collapse", "foldRepeats", "detectBinary", "keepEncoding"]) checkBoolean(`hygiene.${field}`, given.hygiene[field]);
  }
}

/** project()'s options: the bounding ones, and the projection's words. */
export function checkProjectOptions(options: unknown): void {
  checkBoundOptionsInput(options);
  if (options === undefined) return;
  const given = options as Record<string, unknown>;
  checkWord("reader", given.reader, ["model", "terminal"]);
  checkWord("format", given.format, ["text", "json"]);
  checkWord("to", given.to, PROVIDERS);
  if (given.tool !== undefined && typeof given.tool !== "string") throw new UsageError(`tool ${quoted(given.tool)}: accepts a tool's name, a string`);
  checkObject("lower", given.lower);
}

/** normalize()'s shape: "auto" or one of SOURCE_SHAPES. */
export function checkSourceShape(from: unknown): void {
  checkWord("normalize(): from", from, ["auto", ...SOURCE_SHAPES]);
}

/**
 * A spill target (bound(), project(), BoundSession): `{ store: SpillStore, maxOutputBytes? }`. A path given for the
 * store (`spill: { store: "/tmp/outputs" }`, or `spill: "/tmp/outputs"`) would be a TypeError deep in the writer
 * ("createWriter is not a function"), and a cap of -1 or "1MiB" would save none of the output, saying nothing.
 */
export function checkSpillTarget(spill: unknown, name = "spill"): void {
  if (spill === undefined) return;
  if (!isRecord(spill)) throw new UsageError(`${name} ${quoted(spill)}: accepts { store: new SpillStore(dir), maxOutputBytes? }`);
  const store = spill.store;
  if (!isRecord(store) || typeof store.createWriter !== "function") throw new UsageError(`${name}.store ${quoted(store)}: accepts a SpillStore (new SpillStore(dir))`);
  const cap = spill.maxOutputBytes;
  if (cap !== undefined && !(typeof cap === "number" && cap >= 0)) throw new UsageError(`${name}.maxOutputBytes ${quoted(cap)}: accepts a number of bytes, 0 or more (the per-output cap; none when left out)`);
}
