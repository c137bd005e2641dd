// The text primitives on real recorded command output (test/fixtures/README.md says how each was recorded).
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { describeBinary, looksBinary } from "../../src/text/binary.js";
import { createTranscoder, detectEncoding } from "../../src/text/encoding.js";
import { renderLine, type RenderLineOptions } from "../../src/text/render-line.js";

const clean: RenderLineOptions = { stripAnsi: true, collapse: true };
const colored: RenderLineOptions = { stripAnsi: false, collapse: true };

const TEXT_FIXTURES = [
  "npm-install-progress.txt", "cargo-build-progress.txt", "curl-progress-bar.txt", "curl-progress-meter.txt",
  "tqdm-progress.txt", "tsc-failing-build.txt", "vitest-colored.txt", "vitest-tty.txt", "ls-color.txt",
  "python-traceback.txt", "crlf.log", "cjk-emoji.txt", "man-overstrike.txt", "pstree-vt100.txt",
  "chafa-kitty.txt", "chafa-iterm.txt", "chafa-sixels.txt", "apt-install-progress.txt",
];

function readFixture(name: string): Uint8Array {
  return readFileSync(new URL(`../fixtures/${name}`, import.meta.url));
}

function readLines(name: string): string[] {
  return new TextDecoder().decode(readFixture(name)).split("\n");
}

function render(name: string, options = clean): string[] {
  return readLines(name).map((line) => renderLine(line, options));
}

describe("every recorded text output", () => {
  test.each(TEXT_FIXTURES)("%s renders without ESC, C1, CR, BS or other controls", (name) => {
    const rendered = render(name);
    expect(rendered.filter((line) => /[\x00-\x08\x0b-\x1f\x7f-\x9f]/.test(line))).toEqual([]);
  });

  test.each(TEXT_FIXTURES)("%s is text, not binary", (name) => {
    expect(looksBinary(readFixture(name))).toBe(false);
  });
});

describe("progress redraws collapse to their final state", () => {
  test("curl -# progress bar", () => {
    expect(render("curl-progress-bar.txt")).toEqual(["######################################################################## 100.0%", ""]);
  });

  test("curl progress meter", () => {
    expect(render("curl-progress-meter.txt")).toEqual([
      "  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current",
      "                                 Dload  Upload   Total   Spent    Left  Speed",
      "100 2560k  100 2560k    0     0  1263k      0  0:00:02  0:00:02 --:--:-- 1263k",
      "",
    ]);
  });

  test("tqdm bars", () => {
    expect(render("tqdm-progress.txt")).toEqual([
      "download: 100%|█████████████████████████████████████████████████████| 40/40 [00:01<00:00, 32.72MB/s]",
      "extract : 100%|█████████████████████████████████| 25/25 [00:00<00:00, 32.83it/s]",
      "done: 40 MB downloaded, 25 files extracted",
      "",
    ]);
  });

  test("cargo build bar overwritten by each Compiling line", () => {
    expect(render("cargo-build-progress.txt")).toEqual([
      "   Compiling gamma v0.1.0 (/tmp/rec/cargo/gamma)",
      "   Compiling alpha v0.1.0 (/tmp/rec/cargo/alpha)",
      "   Compiling beta v0.1.0 (/tmp/rec/cargo/beta)",
      "   Compiling delta v0.1.0 (/tmp/rec/cargo/delta)",
      "   Compiling app v0.1.0 (/tmp/rec/cargo/app)",
      "warning: unused variable: `unused`",
      " --> app/src/main.rs:3:9",
      "  |",
      "3 |     let unused = 5;",
      "  |         ^^^^^^ help: if this is intentional, prefix it with an underscore: `_unused`",
      "  |",
      "  = note: `#[warn(unused_variables)]` (part of `#[warn(unused)]`) on by default",
      "",
      'warning: `app` (bin "app") generated 1 warning (run `cargo fix --bin "app" -p app` to apply 1 suggestion)',
      "    Finished `dev` profile [unoptimized + debuginfo] target(s) in 12.46s",
      "",
    ]);
  });

  test("pstree -G's VT100 line drawing reads as the tree a terminal shows", () => {
    const tree = ["bash─┬─pstree", "     ├─sh───2*[sleep]", "     ├─sh─┬─sleep", "     │    └─tail", "     └─sleep", ""];
    expect(render("pstree-vt100.txt")).toEqual(tree);
    expect(render("pstree-vt100.txt", colored)).toEqual(tree);
    expect(render("pstree-vt100.txt", { stripAnsi: true, collapse: false })).toEqual(tree);
  });

  test.each(["chafa-kitty.txt", "chafa-iterm.txt", "chafa-sixels.txt"])("%s: the inline image reads as [image], none of its data", (name) => {
    // chafa writes no newline after a sixel: the terminal's next text follows it
    const lines = name === "chafa-sixels.txt" ? ["plot written to chart.png:", "[image]done"] : ["plot written to chart.png:", "[image]", "done"];
    for (const options of [clean, colored, { stripAnsi: true, collapse: false }]) expect(render(name, options)).toEqual([...lines, ""]);
  });

  test("npm spinner frames vanish, leaving the log lines", () => {
    const rendered = render("npm-install-progress.txt");
    expect(rendered.slice(0, 2)).toEqual([
      "npm http fetch GET 200 https://registry.npmjs.org/is-odd 186ms (cache miss)",
      "npm http fetch GET 200 https://registry.npmjs.org/esbuild 295ms (cache miss)",
    ]);
    expect(rendered.slice(34, 41)).toEqual(["", "> esbuild@0.20.2 postinstall", "> node install.js", "", "", "added 4 packages in 4s", rendered[40]]);
    expect(rendered.filter((line) => /[⠁-⣿]/.test(line))).toEqual([]);
  });
});

describe("other real outputs", () => {
  test("a failing tsc build keeps its error, at the end of a long log", () => {
    const rendered = render("tsc-failing-build.txt");
    expect(rendered.length).toBeGreaterThan(800);
    expect(rendered.slice(-9)).toEqual([
      "src/main.ts:14:7 - error TS2322: Type 'string' is not assignable to type 'number'.",
      "",
      '14 const total: number = records.map(describe3).join("\\n");',
      "         ~~~~~",
      "",
      "",
      "Found 1 error in src/main.ts:14",
      "",
      "",
    ]);
  });

  test("coloured vitest output, stripped", () => {
    const rendered = render("vitest-colored.txt");
    expect(rendered.slice(1, 7)).toEqual([
      " RUN  v4.1.12 /tmp/rec/vt",
      "",
      " ❯ sum.test.js (3 tests | 2 failed) 14ms",
      "     × adds nothing 10ms",
      "     × adds numbers 1ms",
      "     ✓ is not a string join 1ms",
    ]);
    expect(rendered).toContain("AssertionError: expected 7 to deeply equal 6");
    expect(rendered).toContain("      Tests  2 failed | 1 passed (3)");
  });

  test("coloured vitest output keeps its colour-only lines byte for byte", () => {
    const rendered = render("vitest-colored.txt", colored);
    // Lines with colours only are kept byte for byte (--keep-ansi keeps what came).
    const lines = readFileSync(new URL("../fixtures/vitest-colored.txt", import.meta.url), "utf8").split("\n");
    expect(rendered[4]).toBe(lines[4]);
    expect(rendered[4]).toContain("adds nothing");
  });

  test("ls --color output loses its colours, not its names", () => {
    expect(render("ls-color.txt").slice(0, 4)).toEqual(["/usr/share/doc:", "adduser", "adwaita-icon-theme", "alsa-topology-conf"]);
  });

  test("man page overstrikes resolve to plain text", () => {
    expect(render("man-overstrike.txt").slice(0, 10)).toEqual([
      "LS(1)                            User Commands                           LS(1)",
      "",
      "NAME",
      "       ls - list directory contents",
      "",
      "SYNOPSIS",
      "       ls [OPTION]... [FILE]...",
      "",
      "DESCRIPTION",
      "       List  information  about  the FILEs (the current directory by default).",
    ]);
  });

  test("CRLF log lines lose only their CR", () => {
    const lines = readLines("crlf.log");
    expect(lines).toHaveLength(301);
    expect(lines.slice(0, -1).every((line) => line.endsWith("\r"))).toBe(true);
    expect(lines.map((line) => renderLine(line, clean))).toEqual(lines.map((line) => line.replace(/\r$/, "")));
  });

  test.each(["python-traceback.txt", "cjk-emoji.txt"])("%s, clean text, comes back unchanged", (name) => {
    const lines = readLines(name);
    for (const options of [clean, colored]) expect(lines.map((line) => renderLine(line, options))).toEqual(lines);
  });
});

describe("UTF-16 text and binary files", () => {
  test.each([
    ["cjk-emoji.utf16le.txt", "utf-16le"],
    ["cjk-emoji.utf16be.txt", "utf-16be"],
  ] as const)("%s is text, detected by its BOM and transcoded to the UTF-8 fixture", (name, encoding) => {
    const data = readFixture(name);
    expect(looksBinary(data)).toBe(false);
    expect(detectEncoding(data)).toBe(encoding);
    const transcoder = createTranscoder(encoding);
    const chunks = [data.subarray(0, 101), data.subarray(101, 777), data.subarray(777)].map((chunk) => transcoder.write(chunk));
    expect(Buffer.concat([...chunks, transcoder.end()])).toEqual(Buffer.from(readFixture("cjk-emoji.txt")));
  });

  test.each([
    ["image.png", "binary output: 8.3 KiB, PNG image (sniffed)"],
    ["elf.bin", "binary output: 34.8 KiB, ELF executable (sniffed)"],
  ])("%s is binary: %s", (name, summary) => {
    const data = readFixture(name);
    expect(looksBinary(data)).toBe(true);
    expect(describeBinary(data.subarray(0, 8192), data.length)).toBe(summary);
  });
});
