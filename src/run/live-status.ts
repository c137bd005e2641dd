// The live status line `correx run` keeps on a terminal while the command runs: redrawn in place, cleared at the end.
import type { RunStats } from "./run-stats.js";
import { renderStatusLine } from "./status-line.js";

/** Where and how often to draw; the caller decides that the stream is a terminal. */
export interface LiveStatusOptions {
  /** Writes to the terminal (stderr). */
  write: (text: string) => void;
  /** The terminal's current width in columns (it may be resized while the command runs). */
  columns: () => number;
  snapshot: () => RunStats;
  /** Time between redraws (default 100 ms). */
  intervalMs?: number;
  /** Nothing is drawn before this (default 250 ms), so a quick command never flashes a line. */
  delayMs?: number;
}

/** A running status line; `stop` clears it, leaving the cursor where it was found. */
export interface LiveStatus {
  stop(): void;
}

const CLEAR_LINE = "\r\x1b[K";

/** Starts redrawing the status line; the timers never keep the process alive. */
export function startLiveStatus(options: LiveStatusOptions): LiveStatus {
  let drawn = false;
  let interval: NodeJS.Timeout | undefined;
  const draw = (): void => {
    options.write(`${CLEAR_LINE}${renderStatusLine(options.snapshot(), options.columns())}`);
    drawn = true;
  };
  const delay = setTimeout(() => {
    draw();
    interval = setInterval(draw, options.intervalMs ?? 100).unref();
  }, options.delayMs ?? 250).unref();
  return {
    stop() {
      clearTimeout(delay);
      clearInterval(interval);
      if (drawn) options.write(CLEAR_LINE);
      drawn = false;
    },
  };
}
