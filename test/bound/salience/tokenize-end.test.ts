// At the end of an output V8's optimizing compiler is off (one-off.ts): a JavaScript loop over a line's characters
// then runs in the interpreter at ~3x the cost of the masks' native regular expressions. The one pass (plainTokens)
// is taken there only once the streaming warmed it; at 1 MiB, where every mined line is mined at the end, it cost
// +57 M instructions (issue 16). The tokens are the same either way.
import { describe, expect, test } from "vitest";
import { withoutOptimizing } from "../../../src/bound/one-off.js";
import { tokenize, tokenizeWork } from "../../../src/bound/salience/template.js";

const LINE = "2026-11-01T17:02:26.767Z ERROR [worker-1] connected to net/socket-157.ts (req 494d5bcc) in 615 ms";

describe("tokenize at the end of an output", () => {
  test("a cold one pass is not taken while TurboFan is off; the tokens are the masks'", () => {
    const before = { ...tokenizeWork };
    const atEnd = withoutOptimizing(1 << 20, () => tokenize(LINE));
    expect(tokenizeWork.onePass - before.onePass).toBe(0);
    expect(tokenizeWork.masked - before.masked).toBe(1);
    const streaming = tokenize(LINE);
    expect(tokenizeWork.onePass - before.onePass).toBe(1);
    expect(atEnd).toEqual(streaming);
  });

  test("once the streaming warmed it, the end takes it too", () => {
    for (let line = 0; line < 2000; line += 1) tokenize(`${LINE} ${line}`);
    const before = { ...tokenizeWork };
    withoutOptimizing(1 << 20, () => tokenize(LINE));
    expect(tokenizeWork.onePass - before.onePass).toBe(1);
    expect(tokenizeWork.masked - before.masked).toBe(0);
  });
});
