import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { renderLine } from "../../src/text/render-line.js";

const ESC = "\x1b";
const clean = { stripAnsi: true, collapse: true };
const colored = { stripAnsi: false, collapse: true };
const stripOnly = { stripAnsi: true, collapse: false };
const raw = { stripAnsi: false, collapse: false };

// Pieces that lines of terminal output are made of: text of every width, and every kind of control.
const piece = fc.constantFrom(
  "a", "b", "xyz", " ", "\t", "é", "e\u0301", "中", "😀", "👨‍👩‍👧", "🇯🇵", "\r", "\b", "\x07", "\x00", "\x7f",
  `${ESC}[K`, `${ESC}[1K`, `${ESC}[2K`, `${ESC}[0J`, `${ESC}[3G`, `${ESC}[2C`, `${ESC}[2D`, `${ESC}[4X`, `${ESC}[2P`,
  `${ESC}[H`, `${ESC}[1;5H`, `${ESC}[s`, `${ESC}[u`, `${ESC}7`, `${ESC}8`, `${ESC}c`, `${ESC}E`, `${ESC}[1A`, `${ESC}[?25l`,
  `${ESC}[31m`, `${ESC}[1;4m`, `${ESC}[0m`, `${ESC}[m`, `${ESC}[38;5;0m`, `${ESC}[39;22m`, `${ESC}[48;2;1;2;3m`, `${ESC}]0;title\x07`, `${ESC}]8;;http://x${ESC}\\`,
  `${ESC}(B`, `${ESC}(0`, `${ESC})0`, "\x0e", "\x0f", "lqk", `${ESC}=`, "\u009b32m", "\u009bK", "\u009d0;t\u009c", ESC, `${ESC}[`, `${ESC}[9999C`,
);
const terminalLine = fc.array(piece, { maxLength: 30 }).map((pieces) => pieces.join(""));
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe("a saved cursor moved to another row", () => {
  test("apt's progress line drawn at the bottom row leaves no fragment in the log line written after the restore", () => {
    const line = `${ESC}7${ESC}[30;0f${ESC}[42m${ESC}[30mProgress: [ 40%]${ESC}[49m${ESC}[39m [${"#".repeat(31)}${".".repeat(47)}] ${ESC}8Setting up dialog (1.3-20230209-1) ...\r`;
    expect(renderLine(line, clean)).toBe("Setting up dialog (1.3-20230209-1) ...");
    expect(renderLine(line, colored)).toBe("Setting up dialog (1.3-20230209-1) ...");
  });

  test.each([
    ["an erase on the other row spares this one", `abc${ESC}7${ESC}[30;1H${ESC}[2K${ESC}8`, "abc"],
    ["CSI s / u, a move up and down", `abc${ESC}[s${ESC}[1Anote${ESC}[1B${ESC}[u!`, "abc!"],
    ["vertical position (CSI d) and reverse index", `a${ESC}7${ESC}[5dx${ESC}8b${ESC}7${ESC}My${ESC}8c`, "abc"],
    ["a move without a save stays on the line, as before", `abc${ESC}[5;2Hd`, "adc"],
    ["a restore ends it: later moves are the line's", `${ESC}7${ESC}[9;1H${ESC}8${ESC}[1Aup`, "up"],
  ])("%s", (_name, line, expected) => {
    expect(renderLine(line, clean)).toBe(expected);
  });
});

describe("DEC Special Graphics", () => {
  test("a box line redrawn over a progress line reads as box drawing, colours kept or not", () => {
    const line = `Working...\r${ESC}(0${ESC}[1mlqq${ESC}(B${ESC}[0m done ${ESC}(0x\x0fx${ESC}(B`;
    expect(renderLine(line, clean)).toBe("┌── done ││");
    expect(renderLine(line, colored)).toBe(`${ESC}[1m┌──${ESC}[0m done ││`);
  });

  test("ESC c resets the charset", () => {
    expect(renderLine(`${ESC}(0q\r${ESC}cqq`, clean)).toBe("qq");
  });
});

describe("renderLine without collapse", () => {
  test("drops only a trailing CR when both switches are off", () => {
    expect(renderLine(`a\rb${ESC}[1mc\r`, raw)).toBe(`a\rb${ESC}[1mc`);
    expect(renderLine("windows line\r", raw)).toBe("windows line");
  });

  test("strips escapes and controls, CR and BS included, when only stripAnsi is on", () => {
    expect(renderLine(`${ESC}[32m10%\r20%\x08!\r`, stripOnly)).toBe("10%20%!");
  });
});

describe("renderLine with collapse", () => {
  test.each([
    ["a carriage return overwrites cell by cell", "abcdef\rXY", "XYcdef"],
    ["a trailing CR from CRLF is dropped", "done\r", "done"],
    ["a progress bar redrawn with CR shows its last state", "  0%\r 50%\r100%", "100%"],
    ["erase after CR (progress bar, then result)", `10%\r${ESC}[Kdone`, "done"],
    ["erase whole line then column 1 (npm spinner)", `⠙${ESC}[1G${ESC}[0K⠹${ESC}[1G${ESC}[0Kadded 4 packages`, "added 4 packages"],
    ["cargo: bar, CR, erase, next message", `    Building [==>   ] 1/5: beta    \r${ESC}[K   Compiling delta`, "   Compiling delta"],
    ["backspace overstrike for bold", "B\bBo\bol\bld\bd", "Bold"],
    ["backspace overstrike for underline", "_\bH_\bi", "Hi"],
    ["backspace never goes left of column 0", "\b\bab", "ab"],
    ["ESC[1K erases up to and including the cursor", `abcdef${ESC}[3D${ESC}[1K`, "    ef"],
    ["ESC[2K keeps the cursor where it is", `abc${ESC}[2Kdef`, "   def"],
    ["ESC[nG moves to a column", `abcdef${ESC}[3GX`, "abXdef"],
    ["ESC[nC moves right over blank cells", `ab${ESC}[3Ccd`, "ab   cd"],
    ["ESC[nD moves left", `abcdef${ESC}[2DXY`, "abcdXY"],
    ["ESC[nX erases cells without moving", `abcdef\r${ESC}[2XZ`, "Z cdef"],
    ["ESC[nP deletes cells", `abcdef\r${ESC}[2P`, "cdef"],
    ["ESC 7 / ESC 8 save and restore the column", `ab${ESC}7cdef${ESC}8XY`, "abXYef"],
    ["CSI s / CSI u save and restore the column", `ab${ESC}[scd${ESC}[uX`, "abXd"],
    ["ESC c resets the line", `abc${ESC}cd`, "d"],
    ["8-bit CSI erase", "abc\r\u009bKxy", "xy"],
    ["vertical moves are ignored", `abc${ESC}[1A${ESC}[2Bd`, "abcd"],
    ["erased cells at the end are trimmed", `abc   ${ESC}[3D${ESC}[K`, "abc"],
    ["written spaces at the end are kept", "abc   ", "abc   "],
    ["a surrogate pair is one cell", "😀😀\rX", "X😀"],
    ["a CJK character is one cell", "中文字\rab", "ab字"],
    ["a tab is one cell", "a\tb\rXY", "XYb"],
    ["OSC hyperlinks keep their text", `${ESC}]8;;https://x.dev${ESC}\\link${ESC}]8;;${ESC}\\\rL`, "Link"],
    ["a column move stops 1024 cells in, past the text", `a${ESC}[999999Cb`, `a${" ".repeat(1023)}b`],
  ])("%s", (_case, input, expected) => {
    expect(renderLine(input, clean)).toBe(expected);
  });

  test("returns the very same string for a line without controls", () => {
    const line = "  plain line with\ttab, 中文 and 👨‍👩‍👧  ";
    expect(renderLine(line, clean)).toBe(line);
    expect(renderLine(line, colored)).toBe(line);
  });
});

describe("renderLine keeping colours", () => {
  test.each([
    ["colours survive a redraw of other cells", `${ESC}[31mred${ESC}[0m 10%\r${ESC}[1mR`, `${ESC}[1mR${ESC}[0m${ESC}[31med${ESC}[0m 10%`],
    ["a line with colours only is kept byte for byte (an open colour, a lone reset)", `${ESC}[32mok`, `${ESC}[32mok`],
    ["a reset at the end stays where it was", `abc${ESC}[0m`, `abc${ESC}[0m`],
    ["an open colour is closed at the end of a redrawn line", `x\r${ESC}[32mok`, `${ESC}[32mok${ESC}[0m`],
    ["in a redrawn line each change writes the whole new state", `\r${ESC}[1mA${ESC}[31mB${ESC}[39mC${ESC}[0mD`, `${ESC}[1mA${ESC}[0m${ESC}[1;31mB${ESC}[0m${ESC}[1mC${ESC}[0mD`],
    ["in a redrawn line sequences that change nothing are dropped", `\r${ESC}[0m${ESC}[31m${ESC}[39mplain${ESC}[m`, "plain"],
    ["a redraw to plain text drops the colour", `${ESC}[33m 50%${ESC}[0m\r${ESC}[Kdone`, "done"],
    ["other escapes are dropped", `${ESC}]0;t\x07${ESC}[?25l${ESC}[35mx${ESC}[m`, `${ESC}[35mx${ESC}[0m`],
    ["8-bit SGR is written in its 7-bit form", "\u009b31mx\u009b0m", `${ESC}[31mx${ESC}[0m`],
    ["a line with other escapes keeps only its colours, closed", `${ESC}]0;t\x07${ESC}[1m${ESC}[31mred${ESC}[22m`, `${ESC}[1;31mred${ESC}[0m`],
    ["the same line with a no-op redraw renders the same", `\r${ESC}[1m${ESC}[31mred${ESC}[22m`, `${ESC}[1;31mred${ESC}[0m`],
  ])("%s", (_case, input, expected) => {
    expect(renderLine(input, colored)).toBe(expected);
  });
});

describe("renderLine properties", () => {
  test("with stripAnsi and collapse, no ESC, C1, CR, BS or other control remains", () => {
    fc.assert(
      fc.property(terminalLine, (line) => {
        expect(renderLine(line, clean)).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
      }),
    );
  });

  test("keeping colours, only SGR sequences remain", () => {
    fc.assert(
      fc.property(terminalLine, (line) => {
        const withoutSgr = renderLine(line, colored).replace(/\x1b\[[\d;:]*m/g, "");
        expect(withoutSgr).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
      }),
    );
  });

  test.each([
    ["stripAnsi and collapse", clean],
    ["colours kept", colored],
    ["stripAnsi only", stripOnly],
  ])("is idempotent (%s)", (_mode, options) => {
    fc.assert(
      fc.property(terminalLine, (line) => {
        const once = renderLine(line, options);
        expect(renderLine(once, options)).toBe(once);
      }),
    );
  });

  test("a line that does not move the cursor renders as the screen would", () => {
    const still = terminalLine.filter((line) => !/[\r\b]|\x1b[78cE]|(?:\x1b\[|\x9b)[\d;]*[CDEFGHJKPXaf`su]/.test(line));
    fc.assert(
      fc.property(still, (line) => {
        expect(renderLine(line, clean)).toBe(renderLine(`\r${line}`, clean));
        // A line with colours only is kept as it came; any other still line renders as the screen would.
        if (!/^(?:[^\x00-\x08\x0b-\x1f\x7f-\x9f]|\x1b\[[\d;:]*m)*$/.test(line)) expect(renderLine(line, colored)).toBe(renderLine(`\r${line}`, colored));
      }),
    );
  });

  test("never produces a lone surrogate from well-formed text", () => {
    fc.assert(
      fc.property(terminalLine, fc.string({ unit: "binary" }), (line, text) => {
        expect(renderLine(line + text, clean)).not.toMatch(LONE_SURROGATE);
        expect(renderLine(text + line, colored)).not.toMatch(LONE_SURROGATE);
      }),
    );
  });

  test("returns plain lines unchanged in every mode", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (line) => {
        for (const options of [clean, colored, stripOnly, raw]) expect(renderLine(line, options)).toBe(line);
      }),
    );
  });

  test("never outputs more cells than the line had characters, plus 1024 blanks", () => {
    fc.assert(
      fc.property(terminalLine, (line) => {
        expect([...renderLine(line, clean)].length).toBeLessThanOrEqual([...line].length + 1024);
      }),
    );
  });
});
