import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { startLiveStatus } from "../../src/run/live-status.js";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("startLiveStatus", () => {
  test("draws after the delay, redraws in place, and clears the line at the end", () => {
    const written: string[] = [];
    let bytes = 0;
    const status = startLiveStatus({
      write: (text) => written.push(text),
      columns: () => 40,
      snapshot: () => ({ elapsedMs: bytes * 10, bytes, lines: 1, lastLine: "working" }),
      delayMs: 250,
      intervalMs: 100,
    });
    vi.advanceTimersByTime(249);
    expect(written).toEqual([]);
    bytes = 50;
    vi.advanceTimersByTime(1);
    bytes = 60;
    vi.advanceTimersByTime(100);
    status.stop();
    vi.advanceTimersByTime(1000);
    expect(written).toEqual(["\r\x1b[K[0.5s  50 B  1 line] working", "\r\x1b[K[0.6s  60 B  1 line] working", "\r\x1b[K"]);
  });

  test("a command that ends before the delay leaves nothing on the terminal", () => {
    const written: string[] = [];
    const status = startLiveStatus({ write: (text) => written.push(text), columns: () => 80, snapshot: () => ({ elapsedMs: 0, bytes: 0, lines: 0, lastLine: "" }) });
    vi.advanceTimersByTime(100);
    status.stop();
    vi.advanceTimersByTime(1000);
    expect(written).toEqual([]);
  });
});
