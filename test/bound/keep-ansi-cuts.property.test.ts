// `--keep-ansi` keeps escape sequences in what is written, so a line shown in part (the head's last, the tail's first,
// the start of a giant line) must not be cut inside one: `ESC [1;` left at the end of a head line made the terminal
// read the marker after it as the rest of the sequence. Every sequence of the input is complete, so every sequence
// that starts in the output must be complete too (a tail may still start after the remains of one: no ESC there).
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { boundInput } from "../../src/cli/bound-input.js";
import { BudgetTooSmallError } from "../../src/errors.js";
import { clip } from "../../src/bound/salience/owners.js";
import { readControlSequence } from "../../src/text/ansi.js";

const PIECES = ["\x1b[31m", "\x1b[0m", "\x1b[1;32m", "\x1b[38;5;208m", "\x1b]8;;https://example.com/a/b\x07", "\x1b]8;;\x1b\\", "\x1b[2K", "\x1b(B", "word ", "error: x.ts:3:1 ", "é", "中文", "😀", "    "];

/** The control sequences of `text` that the text's end or a newline cut off: a CSI or escape without its final, a string without its terminator. */
function cutSequences(text: string): string[] {
  const cut: string[] = [];
  for (let index = text.search(/[\x1b\x9b]/); index !== -1 && index < text.length; ) {
    const sequence = readControlSequence(text, index);
    const body = text.slice(index, sequence.end);
    const complete = sequence.kind === "string" ? /(?:\x07|\x1b\\)$/.test(body) : sequence.final !== "" && !body.includes("\n");
    if (!complete) cut.push(JSON.stringify(body));
    const next = text.slice(sequence.end).search(/[\x1b\x9b]/);
    index = next === -1 ? -1 : sequence.end + next;
  }
  return cut;
}

async function* once(bytes: Buffer): AsyncGenerator<Buffer> {
  yield bytes;
}

describe("--keep-ansi: no sequence is cut", () => {
  test("lines of colours, links and words, any budget: every sequence written is whole", async () => {
    // a run of pieces repeated: lines from a few bytes to tens of kilobytes, so some are longer than the budget
    const line = fc.tuple(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 120 })).map(([pieces, times]) => pieces.join("").repeat(times));
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 30 }), fc.integer({ min: 300, max: 8000 }), fc.constantFrom("model", "terminal"), fc.constantFrom("correx", "opencode"), async (lines, maxBytes, reader, style) => {
        const input = Buffer.from(`${lines.join("\n")}\n`);
        try {
          const bounded = await boundInput({ for: reader, style, keepAnsi: true, maxBytes: String(maxBytes), maxLines: "200", spill: false }, once(input), { stdoutIsTTY: false, columns: undefined, env: { FORCE_COLOR: "1" } });
          if ("batch" in bounded) throw new Error("no batch here");
          expect(cutSequences(bounded.text)).toEqual([]);
        } catch (error) {
          if (!(error instanceof BudgetTooSmallError)) throw error;
        }
      }),
      { numRuns: 300, seed: 20261204 },
    );
  });
});

describe("clip (a line a salient group keeps, cut at 2,000 characters)", () => {
  test("never ends inside a character or an escape sequence", () => {
    expect(clip(`${"a".repeat(1999)}😀${"b".repeat(10)}`)).toBe(`${"a".repeat(1999)}…`);
    expect(clip(`${"a".repeat(1996)}\x1b[1;32mgreen`)).toBe(`${"a".repeat(1996)}…`);
    expect(clip(`${"a".repeat(2000)}\x1b[0m`)).toBe(`${"a".repeat(2000)}…`);
  });
});
