import fc from "fast-check";
import stringWidth from "string-width";
import { describe, expect, test } from "vitest";
import type { BoundText } from "../../src/bound/types.js";
import { project } from "../../src/index.js";
import { fitLine, renderTerminal, terminalWidth, type TerminalView } from "../../src/project/terminal.js";

function boundOf(head: string, cut?: { marker: string; tail: string; omittedLines: number }): BoundText {
  const text = head + (cut ? cut.marker + cut.tail : "");
  return {
    head,
    tail: cut?.tail ?? "",
    text,
    truncated: cut !== undefined,
    totalBytes: 12_595,
    totalLines: 420,
    omittedBytes: cut ? 10_000 : 0,
    omittedLines: cut?.omittedLines ?? 0,
    shown: [{ from_line: 1, to_line: 420 }],
    ...(cut ? { marker: cut.marker } : {}),
  };
}

const truncatedView: TerminalView = {
  bound: boundOf("first\nsecond\n", { marker: "\n... 380 lines omitted ...\n\n", tail: "src/a.ts(3,5): error TS2322: bad\nlast\n", omittedLines: 380 }),
  header: "",
  footer: "\n\nCommand exited with code 1.",
  ok: false,
  status: "exit 1",
  outputPath: "/state/tool_1",
};

describe("renderTerminal", () => {
  test("plain: head, marker, tail, footer and the status line", () => {
    expect(renderTerminal(truncatedView, { color: false, width: 80 })).toBe(
      [
        "first",
        "second",
        "... 380 lines omitted ...",
        "src/a.ts(3,5): error TS2322: bad",
        "last",
        "Command exited with code 1.",
        "✗ exit 1 · 12.3 KiB, 420 lines · 380 lines omitted · full output: /state/tool_1",
        "",
      ].join("\n"),
    );
  });

  test("colour: marker dimmed, error line and failed footer red, status mark red", () => {
    expect(renderTerminal(truncatedView, { color: true, width: 80 }).split("\n")).toEqual([
      "first",
      "second",
      "\x1b[2m... 380 lines omitted ...\x1b[22m",
      "\x1b[31msrc/a.ts(3,5): error TS2322: bad\x1b[39m",
      "last",
      "\x1b[31mCommand exited with code 1.\x1b[39m",
      "\x1b[31m✗\x1b[39m\x1b[2m exit 1 · 12.3 KiB, 420 lines · 380 lines omitted · full output: /state/tool_1\x1b[22m",
      "",
    ]);
  });

  test("a successful result: header kept, green mark, plain footer", () => {
    const view: TerminalView = { bound: boundOf("ok\n"), header: "task_id: t\n<task_result>\n", footer: "\n</task_result>", ok: true };
    expect(renderTerminal(view, { color: true, width: 80 }).split("\n")).toEqual([
      "task_id: t",
      "<task_result>",
      "ok",
      "</task_result>",
      "\x1b[32m✓\x1b[39m\x1b[2m · 12.3 KiB, 420 lines\x1b[22m",
      "",
    ]);
  });

  test("lines are cut to the width with an ellipsis, the status line too", () => {
    const view: TerminalView = { bound: boundOf("0123456789abcdef\n漢字漢字漢字\n"), header: "", footer: "", ok: true };
    expect(renderTerminal(view, { color: false, width: 9 })).toBe("01234567…\n漢字漢字…\n✓ · 12.3…\n");
  });

  test("the status line never cuts the path of the full output (it is what a person copies)", () => {
    const outputPath = "/home/someone/.local/state/correx/tool-output/tool_01m8r2995xnahqdjg2enwg0qvq";
    const view: TerminalView = { bound: boundOf("short\n"), header: "", footer: "", ok: true, outputPath };
    const status = renderTerminal(view, { color: false, width: 40 }).trimEnd().split("\n").at(-1)!;
    expect(status.endsWith(`full output: ${outputPath}`)).toBe(true);
    expect(status.startsWith("✓ · 12.3 KiB, 420 lines")).toBe(true);
  });

  test("no escape reaches the output without colour, even from the tool's own output", () => {
    const view: TerminalView = {
      bound: boundOf("\x1b[31mred\x1b[0m \x1b]8;;https://x\x07link\x1b]8;;\x07 \x1b(B\x1b[2K\rdone\n"),
      header: "",
      footer: "",
      ok: false,
    };
    expect(renderTerminal(view, { color: false, width: 80 })).toBe("red link done\n✗ · 12.3 KiB, 420 lines\n");
  });

  test("with colour the tool's own SGR colours are kept and reset at the line end; other escapes dropped", () => {
    expect(fitLine("\x1b[32mPASS\x1b[39m \x1b]0;title\x07x", 80, true)).toBe("\x1b[32mPASS\x1b[39m x\x1b[0m");
    expect(fitLine("\x1b[32mPASS all tests\x1b[39m", 6, true)).toBe("\x1b[32mPASS …\x1b[0m");
  });
});

describe("error lines in red", () => {
  test.each<[string, boolean]>([
    ["src/a.ts(3,5): error TS2322: Type 'string' is not assignable", true],
    ["error[E0308]: mismatched types", true],
    ["Traceback (most recent call last):", true],
    ["ValueError: invalid literal for int()", true],
    ["npm ERR! code ELIFECYCLE", true],
    ["ERROR [main] failed", true],
    [" FAIL  test/a.test.ts > adds", true],
    ["Found 0 errors.", false],
    ["all 12 tests passed", false],
  ])("%j → red: %s", (line, red) => {
    const view: TerminalView = { bound: boundOf(`${line}\n`), header: "", footer: "", ok: true };
    const first = renderTerminal(view, { color: true, width: 200 }).split("\n")[0];
    expect(first).toBe(red ? `\x1b[31m${line}\x1b[39m` : line);
  });
});

describe("fitLine", () => {
  test.each<[string, number, string]>([
    ["abc", 3, "abc"],
    ["abcd", 3, "ab…"],
    ["a\tb", 80, "a       b"],
    ["漢字", 3, "漢…"],
    ["漢字", 2, "…"],
    ["👩‍👩‍👧‍👦 family", 3, "👩‍👩‍👧‍👦…"],
    ["e\u0301e\u0301e\u0301", 2, "e\u0301…"],
    ["x", 1, "x"],
    ["xy", 1, "…"],
  ])("%j at %i columns", (line, width, expected) => {
    expect(fitLine(line, width, false)).toBe(expected);
  });

  const text = fc.array(
    fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 12 }),
      fc.constantFrom("漢字", "한국어", "😀", "👩‍👩‍👧‍👦", "🇯🇵", "e\u0301", "\t", "\x1b[31m", "\x1b[0m", "\x1b]8;;u\x07", "\u200b", "ｗｉｄｅ"),
      fc.string({ maxLength: 12 }),
    ),
    { maxLength: 20 },
  ).map((parts) => parts.join(""));

  test("property: no rendered line but the marker's is wider than the width, and without colour no escape remains", () => {
    fc.assert(
      fc.property(text, text, fc.integer({ min: 1, max: 40 }), fc.boolean(), (head, tail, width, color) => {
        const view: TerminalView = {
          bound: boundOf(head, { marker: "\n... 12 lines omitted ...\n", tail, omittedLines: 12 }),
          header: "header line that is long enough to be cut",
          footer: "footer",
          ok: false,
          status: "exit 1",
        };
        const lines = renderTerminal(view, { color, width }).split("\n");
        for (const line of lines.filter((candidate) => !candidate.includes("12 lines omitted"))) expect(stringWidth(line)).toBeLessThanOrEqual(width);
        if (!color) expect(lines.join("\n")).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/);
      }),
      { numRuns: 500 },
    );
  });

  test("property: a line that fits is kept whole (escapes and controls aside)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 30 }), (line) => {
        const clean = line.replace(/[\x00-\x1f\x7f-\x9f]/g, "");
        expect(fitLine(clean, stringWidth(clean) + 1, false)).toBe(clean);
      }),
    );
  });
});

describe("terminalWidth", () => {
  test.each<[number | undefined, Record<string, string>, number]>([
    [120, { COLUMNS: "100" }, 120],
    [undefined, { COLUMNS: "100" }, 100],
    [0, { COLUMNS: "100" }, 100],
    [undefined, { COLUMNS: "wide" }, 80],
    [undefined, { COLUMNS: "0" }, 80],
    [undefined, {}, 80],
  ])("columns %s, env %j → %i", (columns, env, expected) => {
    expect(terminalWidth(columns, env)).toBe(expected);
  });
});

describe("the terminal's width", () => {
  test("NaN (Number(process.env.COLUMNS) unset) is the default 80, not a loop for ever", () => {
    const data = `${Array.from({ length: 3000 }, (_, index) => `l ${index}`).join("\n")}\n`;
    const options = { reader: "terminal", budget: { maxLines: 8, maxBytes: 2000 } } as const;
    expect(project({ ok: true, data }, { ...options, width: Number.NaN }).text).toBe(project({ ok: true, data }, { ...options, width: 80 }).text);
  });

  test.each([0, -5])("%s (a terminal of no size yet: docker run -t reports 0 columns) is the default 80; it showed no line", (width) => {
    const data = `${Array.from({ length: 3000 }, (_, index) => `l ${index}`).join("\n")}\n`;
    const options = { reader: "terminal", budget: { maxLines: 8, maxBytes: 2000 } } as const;
    expect(project({ ok: true, data }, { ...options, width }).text).toBe(project({ ok: true, data }, { ...options, width: 80 }).text);
  });
});

describe("the status line's reservation on a wide terminal", () => {
  test.each([200, 1000, 4096, 10_000])("%s columns: the projection shows lines within its budget (4,096 showed none of an 8 KiB budget)", (width) => {
    const data = `${Array.from({ length: 3000 }, (_, index) => `line ${index}`).join("\n")}\n`;
    const { text, bound } = project({ ok: true, data }, { reader: "terminal", width, budget: { maxLines: 2000, maxBytes: 8192 } });
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(8192);
    expect(bound.shown.length).toBeGreaterThan(0);
    expect(Buffer.byteLength(text)).toBeGreaterThan(6000);
  });
});
