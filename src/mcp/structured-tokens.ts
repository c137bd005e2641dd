// structuredContent held to a token budget as well as to bytes. boundStructured cuts in shape to a byte cap; a token
// budget (--max-tokens, with the estimate or --tokenizer o200k) is met by searching that cap down until the tokens of
// what it leaves, counted by the same counter as the written output, fit. A cap is searched rather than tokens
// cut directly so that the cut stays boundStructured's own (same shape, notes and paths; a value reduced as it
// streamed cut exactly as the whole one), and without a token budget nothing changes, byte for byte.
import { stringifyJson } from "../normalize/lossless-json.js";
import { isRecord } from "../payload.js";
import { estimateTokens, type TokenCounter } from "../bound/budget.js";
import { boundStructured, fitsIn, type BoundStructured, type StructuredBoundOptions } from "./structured-bound.js";

/** A token limit on structured content and the counter it is measured with. */
export interface StructuredTokens {
  maxTokens: number;
  countTokens: TokenCounter;
}

/** The token limit `maxTokens` counted with `countTokens` (the estimate when absent); undefined without a limit. */
export function structuredTokenLimit(maxTokens: number | undefined, countTokens: TokenCounter | undefined): StructuredTokens | undefined {
  return maxTokens === undefined ? undefined : { maxTokens, countTokens: countTokens ?? estimateTokens };
}

/** A value's JSON as it is written (compact, numbers as their source text), media strings that pass unchanged as "". */
function written(value: unknown, media: ReadonlySet<string>): string {
  return stringifyJson(media.size === 0 ? value : withoutMedia(value, media));
}

/**
 * The tokens of a value's JSON as it is written, media strings that pass unchanged counted as "" (as `fitsIn` counts
 * their bytes: the content carries them, they are not text).
 */
export function structuredTokens(value: unknown, media: ReadonlySet<string>, countTokens: TokenCounter): number {
  return countTokens(written(value, media));
}

/** True when a whole (not reduced) value fits the bytes and, when given, the tokens. */
export function structuredFits(value: unknown, options: Pick<StructuredBoundOptions, "media" | "maxBytes">, tokens: StructuredTokens | undefined): boolean {
  if (!fitsIn(value, options)) return false;
  return tokens === undefined || structuredTokens(value, options.media, tokens.countTokens) <= tokens.maxTokens;
}

/**
 * boundStructured, then, when a token limit is given and its result is over it, the same cut at the largest byte
 * cap found whose result fits the tokens (a binary search: the tokens a cap leaves grow with it, near enough); the
 * most cut one when even that is over (keys, numbers and the shortest strings are never cut: the caller's check of
 * the written output then decides). The first guess scales the cap by the share of the tokens that may stay.
 */
export function boundStructuredWithin(value: unknown, options: StructuredBoundOptions, tokens: StructuredTokens | undefined): BoundStructured {
  const byBytes = boundStructured(value, options);
  if (tokens === undefined) return byBytes;
  const text = written(byBytes.value, options.media);
  const over = tokens.countTokens(text);
  if (over <= tokens.maxTokens) return byBytes;
  const attempt = (cap: number): { bound: BoundStructured; fits: boolean } => {
    const bound = boundStructured(value, { ...options, maxBytes: cap });
    return { bound, fits: structuredTokens(bound.value, options.media, tokens.countTokens) <= tokens.maxTokens };
  };
  let high = Math.min(options.maxBytes, Buffer.byteLength(text));
  let low = 1;
  const guess = Math.max(1, Math.floor((high * tokens.maxTokens) / over));
  let best = attempt(guess);
  if (best.fits) low = guess;
  else {
    high = guess;
    best = attempt(1);
    if (!best.fits) return best.bound;
  }
  while (high - low > Math.max(16, low >> 5)) {
    const middle = Math.floor((low + high) / 2);
    const tried = attempt(middle);
    if (tried.fits) [low, best] = [middle, tried];
    else high = middle;
  }
  return best.bound;
}

/** A copy of the value with every media string that passes unchanged replaced by "". */
function withoutMedia(value: unknown, media: ReadonlySet<string>): unknown {
  if (typeof value === "string") return media.has(value) ? "" : value;
  if (Array.isArray(value)) return value.map((item) => withoutMedia(item, media));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutMedia(item, media)]));
  return value;
}
