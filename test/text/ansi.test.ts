import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { applySgr, readControlSequence, stripAnsi } from "../../src/text/ansi.js";

const ESC = "\x1b";

describe("stripAnsi", () => {
  test("returns the very same string when there is nothing to strip", () => {
    const clean = "plain text\twith a tab, ünïcödé and 😀\nand a second line";
    expect(stripAnsi(clean)).toBe(clean);
  });

  test.each([
    ["SGR colour", `${ESC}[1;31merror${ESC}[0m: boom`, "error: boom"],
    ["SGR 256 and truecolour", `${ESC}[38;5;196mred${ESC}[48;2;0;0;0m on black${ESC}[m`, "red on black"],
    ["CSI erase and cursor moves", `${ESC}[2K${ESC}[1G${ESC}[10;20Hdone${ESC}[K`, "done"],
    ["private CSI (cursor hide/show, sync updates)", `${ESC}[?25lspin${ESC}[?25h${ESC}[?2026h`, "spin"],
    ["CSI with > and intermediates", `${ESC}[>4;1m${ESC}[2 qx${ESC}[!p`, "x"],
    ["OSC window title ended by BEL", `${ESC}]0;my title\x07prompt$ `, "prompt$ "],
    ["OSC window title ended by ST", `${ESC}]2;title${ESC}\\text`, "text"],
    ["OSC 8 hyperlink keeps its text", `see ${ESC}]8;;https://example.com/a?b=c${ESC}\\the docs${ESC}]8;;${ESC}\\ now`, "see the docs now"],
    ["OSC 8 hyperlink with id and BEL", `${ESC}]8;id=x;file:///tmp/a\x07a.txt${ESC}]8;;\x07`, "a.txt"],
    ["DCS string (a status request; a sixel is an image, below)", `a${ESC}P$qm${ESC}\\b${ESC}P+q544e${ESC}\\`, "ab"],
    ["SOS, PM and APC strings", `1${ESC}Xsos${ESC}\\2${ESC}^pm${ESC}\\3${ESC}_Gf=100;payload${ESC}\\4`, "1234"],
    ["an image kitty displays, its later chunks", `a${ESC}_Ga=T,f=100,m=1;AAAA${ESC}\\${ESC}_Gm=0;BBBB${ESC}\\b`, "a[image]b"],
    ["kitty's transmit-only, put and delete", `${ESC}_Gi=1,f=100;AAAA${ESC}\\1${ESC}_Ga=p,i=1${ESC}\\2${ESC}_Ga=d${ESC}\\`, "1[image]2"],
    ["an iTerm2 inline image, and a file sent to download", `${ESC}]1337;File=name=eC5wbmc=;size=3;inline=1:AAAA\x07|${ESC}]1337;File=size=3:AAAA\x07`, "[image]|"],
    ["a sixel, in 7-bit and C1 forms", `${ESC}P0;1;0q"1;1;8;8#0;2;0;0;0~~${ESC}\\ \u0090q#1!8~\u009c`, "[image] [image]"],
    ["shell-integration marks (OSC 133, VS Code's 633) leave the prompt and the output", `${ESC}]133;A\x07$ ${ESC}]133;B\x07ls${ESC}]633;E;ls;nonce\x07\n${ESC}]133;C\x07a.txt${ESC}]133;D;0\x07`, "$ ls\na.txt"],
    ["charset designations, DEC graphics drawn as a terminal draws them", `${ESC}(B${ESC})0${ESC}(0lqk${ESC}(B${ESC}#8${ESC}%G ok`, "┌─┐ ok"],
    ["G1 DEC graphics shifted in by SO, out by SI", `${ESC})0a\x0ex\x0fx${ESC}(0\x0ftq${ESC})B\x0eu`, "a│x├─u"],
    ["every DEC graphics character, ASCII below them", `${ESC}(0^_\`abcdefghijklmnopqrstuvwxyz{|}~`, "^ ◆▒␉␌␍␊°±␤␋┘┐┌└┼⎺⎻─⎼⎽├┤┴┬│≤≥π≠£·"],
    ["keypad modes", `${ESC}=app${ESC}>num`, "appnum"],
    ["two-byte escapes", `${ESC}7a${ESC}8b${ESC}Mc${ESC}cd${ESC}De${ESC}Ef${ESC}Hg`, "abcdefg"],
    ["8-bit CSI", "\u009b31mred\u009b0m", "red"],
    ["8-bit OSC ended by 8-bit ST", "\u009d0;title\u009ctext", "text"],
    ["8-bit DCS, SOS, PM, APC", "\u0090dcs\u009ca\u0098sos\u009cb\u009epm\u009cc\u009fapc\u009cd", "abcd"],
    ["lone C1 controls", "a\u0085b\u0084c\u009cd", "abcd"],
    ["C0 controls but tab and newline", "a\x07b\x00c\x01d\x7fe\tf\ng\x0bh\x0ci\rj\bk", "abcde\tf\nghijk"],
    ["unterminated CSI at the end", `text${ESC}[38;5`, "text"],
    ["unterminated OSC at the end", `text${ESC}]8;;https://exa`, "text"],
    ["lone ESC at the end", `text${ESC}`, "text"],
    ["ESC before a non-sequence character", `a${ESC}\u00e9b${ESC}${ESC}[1mc`, "a\u00e9bc"],
    ["CSI aborted by a character outside its grammar", `a${ESC}[31\u00e9b`, "a\u00e9b"],
    ["OSC aborted by a new escape", `${ESC}]0;title${ESC}[1mbold`, "bold"],
  ])("removes %s", (_family, input, expected) => {
    expect(stripAnsi(input)).toBe(expected);
  });

  test("leaves no escape or control character in any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "é", "😀", ESC, "[", "]", "\\", "\x07", "1", ";", "m", "\u009b", "\u009d", "\u009c", "P", "(", "\r", "\b") }), (text) => {
        expect(stripAnsi(text)).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
      }),
    );
  });

  test("is idempotent and keeps clean text unchanged", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const once = stripAnsi(text);
        expect(stripAnsi(once)).toBe(once);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        expect(stripAnsi(text)).toBe(text);
      }),
    );
  });
});

describe("readControlSequence", () => {
  test("reads a CSI with its private marker, intermediates and final", () => {
    expect(readControlSequence(`x${ESC}[?25 ly`, 1)).toEqual({ kind: "csi", end: 8, params: "?25", intermediates: " ", final: "l" });
  });

  test("reads an escape with intermediates", () => {
    expect(readControlSequence(`${ESC}(Bz`, 0)).toEqual({ kind: "escape", end: 3, params: "", intermediates: "(", final: "B" });
  });

  test("stops a string at BEL, ST, or before an aborting ESC", () => {
    expect(readControlSequence(`${ESC}]0;t\x07z`, 0).end).toBe(6);
    expect(readControlSequence(`${ESC}]0;t${ESC}\\z`, 0).end).toBe(7);
    expect(readControlSequence(`${ESC}]0;t${ESC}[1m`, 0).end).toBe(5);
  });

  test("reads a lone control as itself", () => {
    expect(readControlSequence("a\rb", 1)).toEqual({ kind: "control", end: 2, params: "", intermediates: "", final: "\r" });
  });
});

describe("applySgr", () => {
  test.each([
    ["", "31", `${ESC}[31m`],
    [`${ESC}[31m`, "1", `${ESC}[1;31m`],
    [`${ESC}[1;31m`, "4;44", `${ESC}[1;4;31;44m`],
    [`${ESC}[1;31m`, "32", `${ESC}[1;32m`],
    [`${ESC}[1;2;31m`, "22", `${ESC}[31m`],
    [`${ESC}[1;31;44m`, "39;49", `${ESC}[1m`],
    [`${ESC}[31m`, "0", ""],
    [`${ESC}[31m`, "", ""],
    [`${ESC}[31m`, "0;32", `${ESC}[32m`],
    [`${ESC}[31m`, "32;", ""],
    ["", "38;5;0", `${ESC}[38;5;0m`],
    ["", "48;2;0;0;0;1", `${ESC}[1;48;2;0;0;0m`],
    [`${ESC}[48;2;0;0;0m`, "49", ""],
    ["", "38:2::0:0:0", `${ESC}[38:2::0:0:0m`],
    [`${ESC}[4:3m`, "4:0", ""],
    ["", "1;38;7;3", `${ESC}[1m`],
    ["", "38;5", ""],
    ["", "10;26;51", ""],
  ])("applies %j + %j", (style, params, expected) => {
    expect(applySgr(style, params)).toBe(expected);
  });

  test("reads its own states back unchanged", () => {
    const params = fc.array(fc.constantFrom("0", "1", "2", "3", "4", "4:3", "7", "9", "22", "24", "31", "39", "44", "49", "38;5;0", "48;2;1;2;3", "53", "58;5;9", "59"), { maxLength: 8 });
    fc.assert(
      fc.property(params, (list) => {
        const style = applySgr("", list.join(";"));
        expect(applySgr("", style.slice(2, -1))).toBe(style);
        expect(applySgr(style, "")).toBe("");
      }),
    );
  });
});
