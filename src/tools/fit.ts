// Measuring text against a budget, for the formatters that fit their own output (read, grep, glob, task).
import { countWords } from "../bound/budget.js";
import { countTokenPieces, tokensFromPieces } from "../bound/token-estimate.js";
import type { Budget } from "../bound/types.js";
import { isLowSurrogateAt, utf8Bytes, type Measure } from "../text/utf8.js";
import { cutToBudget as cutWithBoundOptions } from "../bound/compose.js";
import { DEFAULT_BOUND_OPTIONS } from "../bound/defaults.js";

/** Additive cost of a piece of text: bytes as written, newlines, and the token estimate's pieces. */
export interface TextCost {
  bytes: number;
  newlines: number;
  /** countTokenPieces of the text (a join may add one, see joinSlack). */
  pieces: number;
  /** The first and the last character ("" for an empty text). */
  first: string;
  last: string;
}

/** Measures a piece of text; `measure` (additive) replaces UTF-8 byte length when given. */
export type { Measure };

/** UTF-8 byte length without encoding the text. */
export const measureUtf8: Measure = utf8Bytes;
export { countWords };

/** The cost of one piece of text. */
export function measureCost(text: string, measure: Measure = measureUtf8): TextCost {
  let newlines = 0;
  for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) newlines += 1;
  return { bytes: measure(text), newlines, pieces: countTokenPieces(text), first: text.charAt(0), last: text.charAt(text.length - 1) };
}

/** The cost of two pieces written one after the other. */
export function addCost(first: TextCost, second: TextCost): TextCost {
  return {
    bytes: first.bytes + second.bytes, newlines: first.newlines + second.newlines, pieces: first.pieces + second.pieces + joinSlack(first.last, second.first),
    first: first.first || second.first, last: second.last || first.last,
  };
}

/**
 * What joining two texts may add to the sum of their pieces: a space or a tab, then whitespace or a digit (the
 * space becomes a token of its own); a letter, then a letter (one more case change inside the word).
 */
function joinSlack(last: string, first: string): number {
  if (/[ \t\f\v\r]/.test(last) && /[\s\d]/.test(first)) return 1;
  return /[A-Za-z]/.test(last) && /[A-Za-z]/.test(first) ? 1 : 0;
}

/** The bounder's token estimate, from an additive cost (never less than the estimate of the joined text). */
export function estimateTokens(cost: TextCost): number {
  return tokensFromPieces(cost.pieces);
}

/** Whether text of this cost fits every limit of the budget (a text of N newlines counts as N + 1 lines). */
export function fitsBudget(cost: TextCost, budget: Budget): boolean {
  return (
    cost.bytes <= budget.maxBytes &&
    cost.newlines + 1 <= budget.maxLines &&
    (budget.maxTokens === undefined || estimateTokens(cost) <= budget.maxTokens)
  );
}

/** A header and footer that may depend on how many items are shown. */
export type FrameFor = (shown: number) => { header: string; footer: string };

/**
 * The largest count k (at most items.length) such that header(k) + items[0..k).join("\n") + footer(k)
 * fits the budget; 0 when not even one item fits. Stops as soon as the items alone overflow.
 */
export function fitItemCount(items: readonly string[], frameFor: FrameFor, budget: Budget, measure: Measure = measureUtf8): number {
  const separator = measureCost("\n", measure);
  let body: TextCost = { bytes: 0, newlines: 0, pieces: 0, first: "", last: "" };
  let best = 0;
  for (let count = 1; count <= items.length; count += 1) {
    const item = measureCost(items[count - 1]!, measure);
    body = addCost(count === 1 ? body : addCost(body, separator), item);
    if (!fitsBudget(body, budget)) break;
    const { header, footer } = frameFor(count);
    if (fitsBudget(addCost(addCost(measureCost(header, measure), body), measureCost(footer, measure)), budget)) best = count;
  }
  return best;
}

/**
 * The longest prefix of text that fits the budget: the last resort when even a formatter's frame is larger
 * than a (tiny) budget, so that the budget still holds. The bounder's own cut, with this measure.
 */
export function cutToBudget(text: string, budget: Budget, measure: Measure = measureUtf8): string {
  return cutWithBoundOptions(text, { ...DEFAULT_BOUND_OPTIONS, budget, measure });
}

export { isLowSurrogateAt };

/** Text in the three parts a formatter gives. */
export interface FramedText {
  header: string;
  body: string;
  footer: string;
}

/** The parts as they are when their text fits; else that text cut to the budget, as the body alone. */
export function keepWithinBudget(parts: FramedText, budget: Budget, measure: Measure = measureUtf8): FramedText {
  const text = parts.header + parts.body + parts.footer;
  const fitted = cutToBudget(text, budget, measure);
  return fitted === text ? parts : { header: "", body: fitted, footer: "" };
}
