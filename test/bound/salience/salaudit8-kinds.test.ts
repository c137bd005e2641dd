// The fourteenth audit's outputs (recipes/salaudit8_cases.sh): noise as agents capture it, in a pseudo-terminal (SGR
// colours, `\r` progress redraws, cursor movement, CRLF line ends: cargo's progress bar, pytest --color=yes, vitest's
// live summary, npm ci's spinner).
import { describe, expect, test } from "vitest";
import { bound } from "../../../src/bound/index.js";
import { describeMustKeep, raw } from "./corpus-kinds.js";

const NOISY = ["cargo-build-pty-progress", "pytest-pty-color-packages", "vitest-pty-live-summary", "npm-ci-pty-lockfile-drift"];

describeMustKeep("the fourteenth audit's outputs keep their must-keep lines", NOISY);

describe("a pseudo-terminal's noise", () => {
  // Kept already (guards): the colours and redraws are gone before salience reads a line, so a redraw is no line.
  test.each(NOISY)("%s: what is kept reads clean (no escape, no carriage return) at 51,200, 10,240 and 4,096 bytes", (name) => {
    expect(/\x1b\[|\r(?!\n)/.test(raw(`${name}.txt`).toString("latin1"))).toBe(true);
    for (const maxBytes of [51200, 10240, 4096]) {
      const text = bound(raw(`${name}.txt`), { budget: { maxLines: 2000, maxBytes } }).text;
      expect([...text.matchAll(/[\x1b\r]/g)].length).toBe(0);
    }
  });
});
