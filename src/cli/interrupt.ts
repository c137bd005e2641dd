// Stopping a bounding command by signal: the first SIGINT, SIGTERM or SIGHUP ends its input (what had arrived is
// bounded, spilled and recorded, and correx exits 128+N); a second one finds the default action and ends it at once.
import { nodeOs } from "../lazy-builtin.js";

/** The signals that stop reading. */
export const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
/**
 * The signals a command that runs others (`run`, `mcp`, `proxy`) passes on to their process groups: the stop
 * signals and SIGQUIT (Ctrl-\), as timeout(1) does. Its default action would end correx at once and leave the
 * groups, which are not in the terminal's foreground group, running.
 */
export const GROUP_SIGNALS = [...STOP_SIGNALS, "SIGQUIT"] as const;
const SIGNAL_BASE = 128;

/** The exit status of a command stopped by `signal`: 128+N (130 for SIGINT). */
export function signalExitCode(signal: NodeJS.Signals): number {
  return SIGNAL_BASE + (nodeOs().constants.signals[signal] ?? 0);
}

/**
 * The first stop signal, watched while a command reads. A handler runs only when the event loop turns, so the
 * readers turn it while they wait (and every few MiB while they do not). Once a signal came, the handlers are
 * removed: the next one is the default action, which ends correx whatever it is doing.
 */
export class StopWatch {
  /** The first stop signal received, if any. */
  signal: NodeJS.Signals | undefined;
  /** Bytes of input read so far (the readers count them). */
  bytesRead = 0;
  /** Bytes read when the input was cut short by the signal (undefined while it was not). */
  cutAfter: number | undefined;
  /** What a reader waiting for bytes runs when the signal comes (one waiter at a time). */
  private waiter: (() => void) | undefined;
  private readonly handler = (signal: NodeJS.Signals): void => {
    if (this.signal !== undefined) return;
    this.signal = signal;
    this.remove();
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.();
  };

  /** Starts watching (the signals' default action is replaced until the first comes or `remove`). */
  install(): this {
    for (const signal of STOP_SIGNALS) process.on(signal, this.handler);
    return this;
  }

  /** Stops watching: the signals have their default action again. */
  remove(): void {
    for (const signal of STOP_SIGNALS) process.off(signal, this.handler);
  }

  /** Runs `wake` when the signal comes (at once if it came); undefined stops waiting. */
  onStop(wake: (() => void) | undefined): void {
    if (wake && this.signal !== undefined) wake();
    else this.waiter = wake;
  }

  /** Notes that the input ended because of the signal. */
  cut(): void {
    this.cutAfter ??= this.bytesRead;
  }
}
