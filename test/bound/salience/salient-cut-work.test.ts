// The salient cut reads the details of a group only while its salient line can still fit the middle room (issue 16,
// counted, not timed): a long log holds 512 groups, and each was read (its details' expressions, its lines measured)
// although the room was full after a hundred or so.
import { describe, expect, test } from "vitest";
import { bound } from "../../../src/bound/index.js";
import { salientCutWork } from "../../../src/bound/salience/compose-salient.js";
import { createRandom } from "../../fuzz/generate.js";

/** Varied log lines from a seeded generator (as bench/log-input.mjs makes them), an ERROR line in six. */
function logLines(count: number): string[] {
  const { next, pick } = createRandom(0x5eed);
  const levels = ["INFO", "INFO", "INFO", "DEBUG", "WARN", "ERROR"];
  const words = ["compiled", "fetched", "retrying", "connected to", "wrote", "skipped", "resolved", "cache miss for", "timeout on", "checked"];
  const paths = ["src/module", "lib/util", "api/handler", "db/pool", "net/socket", "ui/view", "test/spec"];
  return Array.from({ length: count }, () => {
    const time = new Date(Date.UTC(2026, 10, 1) + Math.floor(next() * 86_400_000)).toISOString();
    const id = Math.floor(next() * 0xffffffff).toString(16).padStart(8, "0");
    return `${time} ${pick(levels)} [worker-${Math.floor(next() * 16)}] ${pick(words)} ${pick(paths)}-${Math.floor(next() * 500)}.ts (req ${id}) in ${Math.floor(next() * 2000)} ms`;
  });
}

describe("the groups the salient cut looks at (counted, not timed)", () => {
  const input = `${logLines(10_000).join("\n")}\n`;

  test.each([
    [51200, 200],
    [4096, 20],
  ])("~1 MiB of log lines at %d bytes: the middle is filled, and at most %d of the 512 groups held are read", (maxBytes, most) => {
    salientCutWork.groupsLooked = 0;
    const result = bound(input, { budget: { maxLines: 2000, maxBytes } });
    expect(result.middle?.length).toBeGreaterThan(maxBytes === 51200 ? 50 : 3);
    expect(salientCutWork.groupsLooked).toBeGreaterThan(0);
    expect(salientCutWork.groupsLooked).toBeLessThanOrEqual(most);
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(maxBytes);
  });
});
