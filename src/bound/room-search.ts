// The room of a cut, searched: the largest cut that fits what is written. A byte or line overrun shrinks the room
// by what went over; a token overrun (tokens are not bytes: an exact tokenizer or the estimate count what they
// count) starts a search between the largest room that fitted and the smallest that did not (secant steps on the
// tokens written, then halving), so a token budget is filled instead of left half empty by a bytes-per-token guess.
import type { Measure } from "../text/utf8.js";
import type { TokenCounter } from "./budget.js";
import { selectLines, type Room } from "./select.js";
import type { CollectedWindow } from "./stream.js";
import type { KeepMode } from "./types.js";
import type { Overrun } from "./written.js";

/** A token-bound cut is done once what is written fills this share of the token budget. */
export const TOKEN_FILL = 0.97;
/** The share of the token budget the secant steps aim at (inside the accepted band, below the limit). */
const TOKEN_AIM = 0.985;
const MAX_ATTEMPTS = 40;
/** How much of a window's head and tail a first guess of bytes per token is taken from. */
const SAMPLE_BYTES = 16384;

/** One cut built for a room and measured as written; `built` undefined when this room gives no cut of the kind. */
export interface Trial<T> {
  built: T | undefined;
  over: Overrun;
}

/**
 * Searches `room` (changed in place; `room.bytes` is the first guess) for the largest cut that fits, up to
 * `ceiling` bytes (the room the byte budget leaves): `attempt` builds and measures the cut of a room. Returns
 * the best cut that fitted, or undefined when none did within the attempts (or a room gave no cut of the kind).
 */
export function searchRoom<T>(room: Room, ceiling: number, maxTokens: number | undefined, attempt: (room: Room) => Trial<T>): T | undefined {
  let best: T | undefined;
  let fitting = 0;
  let failing = ceiling + 1;
  let previous: { bytes: number; tokens: number } | undefined;
  room.bytes = Math.min(room.bytes, ceiling);
  for (let count = 0; count < MAX_ATTEMPTS && room.bytes > fitting && room.bytes < failing && room.lines > 0; count += 1) {
    const { built, over } = attempt(room);
    if (built === undefined) return best;
    const point = { bytes: room.bytes, tokens: maxTokens === undefined ? 0 : maxTokens + over.tokens };
    if (over.lines > 0) room.lines -= over.lines;
    if (over.bytes <= 0 && over.tokens <= 0) {
      if (over.lines > 0) continue;
      // Fits: done unless tokens bind and the budget is not yet filled (then the room grows toward the ceiling).
      if (maxTokens === undefined || point.tokens >= TOKEN_FILL * maxTokens) return built;
      best = built;
      fitting = room.bytes;
      if (fitting >= ceiling) return best;
    } else {
      failing = room.bytes;
    }
    room.bytes = nextRoom(point, previous, maxTokens, over, fitting, failing);
    previous = point;
  }
  return best;
}

/** The next byte room: toward the aimed tokens (a secant step), by what went over on bytes; else halfway. */
function nextRoom(point: { bytes: number; tokens: number }, previous: { bytes: number; tokens: number } | undefined, maxTokens: number | undefined, over: Overrun, fitting: number, failing: number): number {
  let next = point.bytes;
  if (maxTokens !== undefined && (over.tokens > 0 || over.bytes <= 0)) {
    const aim = Math.floor(TOKEN_AIM * maxTokens);
    const slope = previous !== undefined && previous.bytes !== point.bytes ? (point.tokens - previous.tokens) / (point.bytes - previous.bytes) : 0;
    // Without two points (or with a flat slope) the tokens written are taken as proportional to the room.
    next = slope > 0 ? point.bytes + (aim - point.tokens) / slope : (point.bytes * aim) / Math.max(point.tokens, 1);
  }
  // Over on bytes: shrink by what went over (at least a twentieth), as a byte budget always has.
  if (over.bytes > 0) next = Math.min(next, point.bytes - Math.max(over.bytes, Math.ceil(point.bytes * 0.05), 1));
  next = Math.floor(next);
  return next > fitting && next < failing ? next : Math.floor((fitting + failing) / 2);
}

/**
 * A first byte room for a token budget: `tokens` at the bytes per token of a sample of the window (its first and
 * last lines as a cut of `room` would show them, up to SAMPLE_BYTES), a little under so the search starts from a fit.
 */
export function bytesForTokens(window: CollectedWindow, room: Room, keep: KeepMode, headRatio: number, tokens: number, measure: Measure, countTokens: TokenCounter): number {
  const sample = selectLines(window, { bytes: Math.min(room.bytes, SAMPLE_BYTES), lines: room.lines }, keep, headRatio, measure);
  const text = [...sample.head, ...sample.tail].map((line) => line.text).join("\n");
  const sampleTokens = countTokens(text);
  const bytesPerToken = sampleTokens > 0 ? measure(text) / sampleTokens : 4;
  return Math.floor(Math.max(tokens, 0) * bytesPerToken * 0.95);
}
