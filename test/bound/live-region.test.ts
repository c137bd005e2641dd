// A live region redrawn with cursor-up (vitest on a terminal: each frame erased with ESC[K ESC[1A ESC[K … and written
// again) reads as its last frame, as a terminal shows it: vitest-live.tmux.txt is what tmux 3.3a shows after `cat` of
// the recording (test/fixtures/README.md). Before, every frame of the region stayed, stale counts and durations too.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { BoundSession, resolveBoundOptions } from "../../src/bound/index.js";
import type { HygieneOptions } from "../../src/bound/types.js";
import { stripAnsi } from "../../src/text/ansi.js";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url));
const terminal = fixture("vitest-live.tmux.txt").toString("utf8");

function bound(maxBytes: number, hygiene: Partial<HygieneOptions> = {}) {
  const session = new BoundSession(resolveBoundOptions({ budget: { maxLines: 2000, maxBytes }, hygiene }));
  session.write(fixture("vitest-live.txt"));
  return session.finish();
}

const trimmed = (text: string) => text.split("\n").map((line) => line.trimEnd()).join("\n").trimEnd();

describe("vitest's live region on a terminal", () => {
  test("reads as a terminal shows it: the last frame of each file, the summary once", () => {
    const { text } = bound(51_200);
    expect(trimmed(text)).toBe(trimmed(terminal));
    expect(text.match(/Duration/g)).toHaveLength(1);
    expect(text).not.toContain("[queued]");
  });

  test("with colours kept, the same lines", () => {
    expect(trimmed(stripAnsi(bound(51_200, { stripAnsi: false }).text))).toBe(trimmed(terminal));
  });

  test.each([900, 1200, 1500])("cut to %i bytes: no line of an earlier frame, and the marker counts the input's lines", (maxBytes) => {
    const result = bound(maxBytes);
    const shown = result.text.split("\n").filter((line) => !line.startsWith("[") && !/^L\d+: /.test(line));
    const final = new Set(terminal.split("\n").map((line) => line.trimEnd()));
    expect(shown.filter((line) => !final.has(line.trimEnd()))).toEqual([]);
    expect(result.text).toContain("1 failed | 16 passed (17)");
    expect(result.marker).toMatch(/ of 163 lines /);
  });

  test("--no-collapse keeps every frame", () => {
    expect(bound(51_200, { collapse: false }).text.match(/Duration/g)!.length).toBeGreaterThan(5);
  });
});

describe("a line that moves up without erasing", () => {
  function lines(text: string): string[] {
    const session = new BoundSession(resolveBoundOptions({}));
    session.write(Buffer.from(text));
    return session.finish().text.split("\n");
  }

  test("takes back a blank row (apt's room for its progress line) but leaves a written one", () => {
    expect(lines("ok\n\n\x1b7\x1b[0;29r\x1b8\x1b[1A(Reading database ...)\nend\n")).toEqual(["ok", "(Reading database ...)", "end", ""]);
    // a terminal shows "Installing foo...  done" on one row; the row is kept, as before, rather than lost
    expect(lines("Installing foo...\n\x1b[1A\x1b[20Cdone\n")).toEqual(["Installing foo...", "                    done", ""]);
  });
});
