// Test helper: a failing command whose output is long, and the page a marker's read command prints, checked the way
// an agent reads it (its whole-limit, the omitted lines, where to continue).
import { expect } from "vitest";

/** 20,000 lines of compiler errors (about 900 KB), then exit 1: the middle is cut and saved. */
export const LONG_FAILURE = "seq 1 20000 | sed 's/^/src\\/main.c:/; s/$/: error: expected ; before token/'; exit 1";

/** The command a marker says to read the omitted part with (`correx read ID … --offset N …`), and N. */
export function markerReadCommand(projection: string): { command: string; offset: number } {
  const found = /read the omitted part with: (correx read tool_\w+ [^,]*--offset (\d+)[^,]*), or: sed/.exec(projection);
  expect(found, projection.slice(-600)).not.toBeNull();
  return { command: found![1]!, offset: Number(found![2]) };
}

/** A page of LONG_FAILURE's saved output: within `limit` bytes, from the first omitted line on, saying where to go on. */
export function expectPageFits(page: string, offset: number, limit: number): void {
  expect(Buffer.byteLength(page)).toBeLessThanOrEqual(limit);
  expect(page).toContain(`\n${offset}: src/main.c:${offset}: error: expected ; before token\n`);
  expect(page).toMatch(/\(Showing lines \d+-\d+ of 20000\. Use offset=\d+ to continue\.\)\n$/);
}
