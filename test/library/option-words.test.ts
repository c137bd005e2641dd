// The library's errors in the library's words: a harness gives options (budget.maxBytes), never the CLI's flags, and a
// refusal that named --max-bytes sent its author looking for a flag they had not written.
import { describe, expect, test } from "vitest";
import { bound, BoundSession, BudgetTooSmallError, normalize, project, resolveBoundOptions } from "../../src/index.js";

const output = Array.from({ length: 5000 }, (_, index) => `line ${index}`).join("\n");

/** What `call` throws. */
function thrown(call: () => unknown): Error {
  try {
    call();
  } catch (error) {
    return error as Error;
  }
  throw new Error("nothing was thrown");
}

describe("a budget too small for the marker, refused in the options' words", () => {
  test.each([
    ["bound()", () => bound(output, { budget: { maxBytes: 10 } })],
    ["project()", () => project(normalize(output), { budget: { maxBytes: 10 } })],
    ["BoundSession.finish()", () => {
      const session = new BoundSession(resolveBoundOptions({ budget: { maxBytes: 10 } }));
      session.write(Buffer.from(output));
      return session.finish();
    }],
  ])("%s names budget.maxBytes, not --max-bytes", (_name, call) => {
    const error = thrown(call);
    expect(error).toBeInstanceOf(BudgetTooSmallError);
    expect(error.message).toMatch(/^budget\.maxBytes 10 cannot hold even the marker of this output \(.*\); the smallest budget that works is budget\.maxBytes \d+$/);
    expect(error.message).not.toContain("--");
    expect((error as BudgetTooSmallError).needed.maxBytes).toBeGreaterThan(10);
  });

  test("each limit that breaks is named, and more said after it keeps the same words", () => {
    const error = thrown(() => bound(output, { budget: { maxLines: 1, maxBytes: 4096 } })) as BudgetTooSmallError;
    expect(error.message).toMatch(/^budget\.maxLines 1 cannot hold .*is budget\.maxLines 2$/);
    expect(error.saying("; more").message).toMatch(/is budget\.maxLines 2; more$/);
  });

  test("a token budget too small is named budget.maxTokens", () => {
    expect(thrown(() => bound(output, { budget: { maxTokens: 2 } })).message).toMatch(/^budget\.maxTokens 2 cannot hold .*is budget\.maxTokens \d+$/);
  });
});
