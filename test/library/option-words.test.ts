// The library's errors in the library's words: a harness gives options (budget.maxBytes), never the CLI's flags, and a
// refusal that named --max-bytes sent its author looking for a flag they had not written.
import { describe, expect, test } from "vitest";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bound, BoundSession, BudgetTooSmallError, lower, normalize, project, resolveBoundOptions, SpillStore, type ToolResult, UsageError } from "../../src/index.js";

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

describe("an option the CLI would refuse is a UsageError naming the option, not taken as a default", () => {
  const result = normalize(output);
  test.each([
    ["salience: 'off' (a string: true, so salience stayed on)", { salience: "off" }, 'salience "off": accepts true or false'],
    ["keep: 'middle' (bounded as both)", { keep: "middle" }, 'keep "middle": accepts "head", "tail", "both"'],
    ["style: 'plain' (bounded as correx)", { style: "plain" }, 'style "plain": accepts "correx", "opencode"'],
    ["headRatio: '0.5' (a string)", { headRatio: "0.5" }, 'headRatio "0.5": accepts a number from 0 to 1 (the head\'s share of the budget, e.g. 0.2)'],
    ["hygiene.stripAnsi: 'no'", { hygiene: { stripAnsi: "no" } }, 'hygiene.stripAnsi "no": accepts true or false'],
    ["budget: { maxBytes: '1000' } (a string)", { budget: { maxBytes: "1000" } }, 'budget.maxBytes "1000": accepts a number of bytes from 1 to 1073741824 (1 GiB)'],
    ["budget: null (a TypeError)", { budget: null }, "budget null: accepts an object of options, or none"],
  ])("%s", (_name, options, message) => {
    const error = new UsageError(message);
    expect(() => bound(output, options as never)).toThrow(error);
    expect(() => project(result, options as never)).toThrow(error);
    expect(() => resolveBoundOptions(options as never)).toThrow(error);
  });

  test.each([
    ["reader: 'human' (projected for the model)", { reader: "human" }, 'reader "human": accepts "model", "terminal"'],
    ["format: 'yaml' (wrote JSON)", { format: "yaml" }, 'format "yaml": accepts "text", "json"'],
    ["to: 'claude' (a bare Error, 'unexpected provider')", { to: "claude" }, 'to "claude": accepts "openai-chat", "openai-responses", "anthropic", "gemini", "bedrock", "mcp", "ai-sdk", "opencode", "kontext", "eve"'],
    ["tool: 5 (a TypeError)", { tool: 5 }, "tool 5: accepts a tool's name, a string"],
  ])("project() %s", (_name, options, message) => {
    expect(() => project(result, options as never)).toThrow(new UsageError(message));
  });

  test("options: null is a UsageError (a TypeError reading its budget)", () => {
    expect(() => bound(output, null as never)).toThrow(new UsageError("options null: accepts an object of options, or none"));
  });

  test("a result whose tool is no string is a UsageError (a TypeError in the formatter)", () => {
    expect(() => project({ ok: true, data: "hi", tool: 5 } as unknown as ToolResult)).toThrow(new UsageError("project() takes a ToolResult whose tool is a tool's name, a string, not a number"));
  });

  test("normalize() of a shape it does not know is a UsageError listing the shapes (a bare Error, 'no reader registered')", () => {
    expect(() => normalize({ a: 1 }, "weird" as never)).toThrow(UsageError);
    expect(() => normalize({ a: 1 }, "weird" as never)).toThrow(/^normalize\(\): from "weird": accepts "auto", "text", "json", "mcp", .*"bedrock"$/);
  });

  test("a BoundSession made from options not resolved checks them too", () => {
    expect(() => new BoundSession({ ...resolveBoundOptions({}), salience: "off" } as never)).toThrow(new UsageError('salience "off": accepts true or false'));
  });

  test("the words the CLI takes are taken", () => {
    expect(project(result, { reader: "terminal", format: "text", keep: "tail", style: "opencode", salience: false, headRatio: 0.5, budget: { maxLines: 10 } }).text).toContain("line 4999");
    expect(normalize({ a: 1 }, "auto")).toMatchObject({ ok: true });
  });
});

describe("a call id or a tool name left out: the warning names the option ('pass --call-id ID' told a harness to pass a flag)", () => {
  const result: ToolResult = { ok: true, data: "hi" };

  test("lower() names its options callId and name", () => {
    expect(lower(result, "anthropic").warnings).toEqual(['anthropic: no call id (pass callId); wrote the placeholder "missing-call-id"']);
    expect(lower(result, "gemini").warnings).toEqual(['gemini: no tool name (pass name); wrote the placeholder "missing-name"']);
  });

  test("project() names the options it passes on, lower.callId and lower.name", () => {
    expect(project(result, { to: "ai-sdk", lower: { envelope: "message" } }).warnings).toEqual([
      'ai-sdk: no call id (pass lower.callId); wrote the placeholder "missing-call-id"',
      'ai-sdk: no tool name (pass lower.name); wrote the placeholder "missing-name"',
    ]);
  });
});

describe("a spill target that is not one is a UsageError, before anything is written", () => {
  const dir = join(fs.mkdtempSync(join(tmpdir(), "correx-spill-words-")), "store");
  const store = new SpillStore(dir);
  test.each([
    ["a path for the store (a TypeError: 'createWriter is not a function')", { store: dir }, `spill.store ${JSON.stringify(dir)}: accepts a SpillStore (new SpillStore(dir))`],
    ["a path for the target (a TypeError reading 'dir')", dir, `spill ${JSON.stringify(dir)}: accepts { store: new SpillStore(dir), maxOutputBytes? }`],
    ["a cap given as text (none of the output was saved)", { store, maxOutputBytes: "1MiB" }, 'spill.maxOutputBytes "1MiB": accepts a number of bytes, 0 or more (the per-output cap; none when left out)'],
    ["a negative cap (none of the output was saved)", { store, maxOutputBytes: -1 }, "spill.maxOutputBytes -1: accepts a number of bytes, 0 or more (the per-output cap; none when left out)"],
  ])("%s", (_name, spill, message) => {
    const error = new UsageError(message);
    expect(() => bound(output, { spill } as never)).toThrow(error);
    expect(() => project(normalize(output), { spill } as never)).toThrow(error);
    expect(() => new BoundSession(resolveBoundOptions({}), spill as never)).toThrow(error);
    expect(fs.existsSync(dir)).toBe(false);
  });

  test("a SpillStore saves the whole output", () => {
    const saved = bound(output, { spill: { store } });
    expect(saved.spill?.kind).toBe("saved");
    expect(fs.readFileSync(join(dir, (saved.spill as { id: string }).id), "utf8")).toBe(output);
  });
});
