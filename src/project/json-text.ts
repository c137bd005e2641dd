// A tool's text that is one JSON value (what MCP servers, APIs and `gh api`-like tools return as text) and does not fit
// is shown as its JSON view (bound/json-view.ts), as plain JSON on the text path is (bound/plain-json.ts): every key
// of the top levels, long arrays' first and last items with a count, long strings cut inside; not its head and tail
// lines, which leave an unclosed fragment and lose the keys after a long array (`totalCount`, `hasNextPage`).
import { measureCost, fitsBudget } from "../bound/budget.js";
import { PLAIN_JSON_CAP } from "../bound/plain-json.js";
import type { BoundOptions } from "../bound/types.js";
import type { StreamedText } from "../normalize/streamed-token.js";
import { MAX_JSON_DEPTH } from "../normalize/json-input.js";
import { LosslessNumber, parseJsonKeepingNumbers, stringifyJson } from "../normalize/lossless-json.js";

/** The value a text holds, and the body to bound: the text itself when it is already the value pretty-printed by 2, else that pretty print. */
export interface JsonText {
  value: object;
  body: string;
}

const NOTHING_RESERVED = { bytes: 0, lines: 0, tokens: 0 };

/**
 * The JSON value of a text that is one object or array and fits nowhere near the budget, with the body whose lines
 * the view's "lines A-B" name (saved as the text view, paged by `correx read`). Undefined for text that fits (it
 * passes through byte for byte), that is not one value, that is over the JSON cap, and where plain JSON gets no view
 * either (salience off, `--style opencode`, `--keep head|tail`). A text whose pretty print would fit (a value
 * indented by 4) keeps its line cut: the view would name lines of a text the reader was not shown; so does one whose
 * pretty print is over `maxTextBytes` (the spill's per-output cap, which the text view is saved within).
 */
export function jsonTextOf(text: string, options: BoundOptions, maxTextBytes = Number.POSITIVE_INFINITY): JsonText | undefined {
  const first = /[^ \t\r\n]/.exec(text)?.[0];
  if ((first !== "{" && first !== "[") || !viewable(options) || text.length > jsonCap(options) || Buffer.byteLength(text) > jsonCap(options)) return undefined;
  const fits = (candidate: string): boolean => fitsBudget(measureCost(candidate, options.budget, options.measure, options.countTokens), options.budget, NOTHING_RESERVED);
  if (fits(text)) return undefined;
  let value: unknown;
  try {
    value = parseJsonKeepingNumbers(text, MAX_JSON_DEPTH);
  } catch {
    return undefined; // malformed, JSON Lines, too deep (its pretty print overflowed the stack): text
  }
  if (typeof value !== "object" || value === null || value instanceof LosslessNumber) return undefined;
  const pretty = stringifyJson(value, 2);
  if (text === pretty || text === `${pretty}\n`) return { value, body: text };
  // A pretty print past the per-output cap would be saved cut short, and the view would name lines it lacks.
  return fits(pretty) || Buffer.byteLength(pretty) > maxTextBytes ? undefined : { value, body: pretty };
}

/**
 * True when a text streamed without being held (normalize/envelope-stream.ts) may be one JSON value that jsonTextOf
 * would show as its view: its first bytes open an object or array without a syntax error, it is within the cap, and
 * it may not fit. The input is then read again whole, when it can be (not when the spill that kept it was capped).
 */
export function mayBeJsonText(text: Pick<StreamedText, "jsonLike" | "bytes" | "newlines">, options: BoundOptions, replayable: boolean): boolean {
  return text.jsonLike && replayable && viewable(options) && text.bytes <= jsonCap(options) && !surelyFits(text, options);
}

/**
 * True when a text of these bytes and lines fits the budget however it is measured: written as JSON a byte takes at
 * most 6 (`\u001f`), and no tokenizer counts more tokens than bytes.
 */
function surelyFits(text: Pick<StreamedText, "bytes" | "newlines">, { budget, measure }: BoundOptions): boolean {
  const written = measure === undefined ? text.bytes : 6 * text.bytes;
  return written <= budget.maxBytes && text.newlines + 1 <= budget.maxLines && (budget.maxTokens === undefined || 6 * text.bytes <= budget.maxTokens);
}

/** Plain JSON gets a view only with salience, correx's style and both ends kept (bound/session.ts): so does a JSON text. */
function viewable(options: BoundOptions): boolean {
  return options.salience === true && options.style === "correx" && options.keep === "both";
}

function jsonCap(options: BoundOptions): number {
  return Math.min(options.plainJsonCap ?? PLAIN_JSON_CAP, PLAIN_JSON_CAP);
}
