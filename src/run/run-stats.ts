// Running totals of a command's output for the live status line: bytes, lines and the latest line.
import { countNewlines } from "../text/newlines.js";
import { skipContinuationBytes } from "../text/utf8.js";
import { monotonicMs } from "./clock.js";

/** What the status line shows about a running command. */
export interface RunStats {
  elapsedMs: number;
  bytes: number;
  lines: number;
  /** The last non-blank line as raw text (escapes and redraws not yet resolved); its end when very long. */
  lastLine: string;
}

/** Observes output chunks; `snapshot` reports the totals so far. */
export interface RunStatsTracker {
  observe(chunk: Uint8Array): void;
  snapshot(): RunStats;
}

const TAIL_BYTES = 4096;
const NEWLINE = 0x0a;

/** Tracks the totals in constant memory: counts, plus the last few KiB of output to find the last line. */
export function trackRunStats(now: () => number = monotonicMs): RunStatsTracker {
  const started = now();
  let bytes = 0;
  let newlines = 0;
  let endsInNewline = true;
  let tail = Buffer.alloc(0);
  return {
    observe(chunk) {
      if (chunk.length === 0) return;
      bytes += chunk.length;
      newlines += countNewlines(chunk);
      endsInNewline = chunk[chunk.length - 1] === NEWLINE;
      tail =
        chunk.length >= TAIL_BYTES
          ? Buffer.from(chunk.subarray(chunk.length - TAIL_BYTES))
          : Buffer.concat([tail.subarray(Math.max(0, tail.length + chunk.length - TAIL_BYTES)), chunk]);
    },
    snapshot() {
      return { elapsedMs: now() - started, bytes, lines: newlines + (endsInNewline ? 0 : 1), lastLine: findLastLine(tail) };
    },
  };
}

/** The last line of the tail that has something besides whitespace. */
function findLastLine(tail: Buffer): string {
  const lines = tail.subarray(skipContinuationBytes(tail)).toString("utf8").split("\n");
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    const line = lines[index] ?? "";
    if (line.trim() !== "") return line;
  }
  return "";
}
