// Measuring text against a budget, for the formatters that fit their own output (read, grep, glob, task).
import { countWords } from "../bound/budget.js";
import { countTokenPieces, letterRunTokens, tokensFromPieces } from "../bound/token-estimate.js";
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
  /** The letters the text starts and ends with (the whole text when it is all letters): a join may merge them. */
  leading: string;
  trailing: string;
  onlyLetters: boolean;
}

/** Measures a piece of text; `measure` (additive) replaces UTF-8 byte length when given. */
export type { Measure };

/** UTF-8 byte length without encoding the text. */
export const measureUtf8: Measure = utf8Bytes;
export { countWords };

/** The cost of one piece of text; without `countPieces` the token estimate's part is left out (pieces 0), for budgets without a token limit. */
export function measureCost(text: string, measure: Measure = measureUtf8, countPieces = true): TextCost {
  let newlines = 0;
  for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) newlines += 1;
  if (!countPieces) return { bytes: measure(text), newlines, pieces: 0, first: text.charAt(0), last: text.charAt(text.length - 1), leading: "", trailing: "", onlyLetters: false };
  return {
    bytes: measure(text), newlines, pieces: countTokenPieces(text), first: text.charAt(0), last: text.charAt(text.length - 1),
    leading: /^[A-Za-z]*/.exec(text)![0], trailing: /[A-Za-z]*$/.exec(text)![0], onlyLetters: /^[A-Za-z]+$/.test(text),
  };
}

/** An empty text's cost. */
export const NO_COST: TextCost = { bytes: 0, newlines: 0, pieces: 0, first: "", last: "", leading: "", trailing: "", onlyLetters: false };

/** The cost of two pieces written one after the other. */
export function addCost(first: TextCost, second: TextCost): TextCost {
  return {
    bytes: first.bytes + second.bytes, newlines: first.newlines + second.newlines, pieces: first.pieces + second.pieces + joinSlack(first, second),
    first: first.first || second.first, last: second.last || first.last,
    leading: first.onlyLetters ? first.leading + second.leading : first.first === "" ? second.leading : first.leading,
    trailing: second.onlyLetters ? first.trailing + second.trailing : second.last === "" ? first.trailing : second.trailing,
    onlyLetters: (first.onlyLetters || first.first === "") && (second.onlyLetters || second.first === "") && (first.onlyLetters || second.onlyLetters),
  };
}

/**
 * What joining two texts changes in the sum of their pieces: a space or a tab, then whitespace or a digit, may
 * add one (the space becomes a token of its own); letters, then letters, become one run, charged anew.
 */
function joinSlack(first: TextCost, second: TextCost): number {
  if (/[ \t\f\v\r]/.test(first.last) && /[\s\d]/.test(second.first)) return 1;
  if (first.trailing === "" || second.leading === "") return 0;
  return letterRunTokens(first.trailing + second.leading) - letterRunTokens(first.trailing) - letterRunTokens(second.leading);
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
  const pieces = budget.maxTokens !== undefined; // the token estimate's pieces only for a token budget (read's pages have none)
  const cost = (text: string): TextCost => measureCost(text, measure, pieces);
  const separator = cost("\n");
  let body: TextCost = NO_COST;
  let best = 0;
  for (let count = 1; count <= items.length; count += 1) {
    const item = cost(items[count - 1]!);
    body = addCost(count === 1 ? body : addCost(body, separator), item);
    if (!fitsBudget(body, budget)) break;
    const { header, footer } = frameFor(count);
    if (fitsBudget(addCost(addCost(cost(header), body), cost(footer)), budget)) best = count;
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
