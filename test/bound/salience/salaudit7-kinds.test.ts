// The thirteenth audit's outputs (recipes/salaudit7_cases.sh): ripgrep's and grep's forms content-kind.ts read as a log
// (rg --heading, rg's and grep -r's lines without numbers in a pipe, grep -rn -B 25), and each search tool's own
// `Permission denied` among its matches.
import { describe, expect, test } from "vitest";
import { bound } from "../../../src/bound/index.js";
import { isSearchLine, recognizeContent } from "../../../src/bound/salience/content-kind.js";
import { describeMustKeep, fixture, raw } from "./corpus-kinds.js";

describeMustKeep("the thirteenth audit's outputs keep their must-keep lines", ["rg-pipe-raise-denied", "grep-r-context-denied", "grep-rn-raise-denied"]);

describe("ripgrep's and grep's outputs are grep's", () => {
  const searches = ["rg-heading-raise-error-stdlib", "rg-pipe-raise-denied", "grep-r-context-denied", "grep-rn-raise-denied", "grep-rn-before-25-raise"];

  test.each(searches)("%s is recognised as grep's from its first 20 lines", (name) => {
    expect(recognizeContent(fixture(`${name}.txt`).slice(0, 20))).toBe("grep");
  });

  test.each(searches)("%s: none of its matches promoted (at 10,240 and 4,096 bytes)", (name) => {
    for (const maxBytes of [10240, 4096]) {
      const lines = bound(raw(`${name}.txt`), { budget: { maxLines: 2000, maxBytes } }).text.split("\n");
      expect(lines.filter((line) => /^L\d+: /.test(line) && !line.includes("Permission denied"))).toEqual([]);
    }
  });

  test("rg --heading: a path alone over numbered lines that start again; grep -r: `path:text` of a path that repeats", () => {
    expect(recognizeContent(["src/a.py", "12:    raise KeyError(k)", "40:    raise ValueError(v)", "src/b.py", "3:raise TypeError", "9:    raise OSError"])).toBe("grep");
    expect(recognizeContent(["src/a.py:    raise KeyError(k)", "src/a.py:    raise ValueError(v)", "src/b.py:raise TypeError", "--", "src/b.py-    pass"])).toBe("grep");
    expect(recognizeContent(["src/a.py-10-x = 1", "src/a.py-11-y = 2", "src/a.py-12-z = 3", "src/a.py-13-w = 4"])).toBe("grep");
  });

  test("a program's messages, a listing, pytest's node ids and paths whose numbers do not follow are no grep output", () => {
    const ld = ["/usr/bin/ld: main.o: in function `main':", "/usr/bin/ld: main.c:(.text+0x1a): undefined reference to `f'", "/usr/bin/ld: main.c:(.text+0x2b): undefined reference to `g'", "collect2: error: ld returned 1 exit status"];
    expect(recognizeContent(ld)).toBe("log");
    expect(recognizeContent(["./a.tar: OK", "./b.tar: FAILED", "./c.tar: OK", "./c.tar: OK"])).toBe("log");
    expect(recognizeContent(["tests/test_a.py::test_1 PASSED", "tests/test_a.py::test_2 FAILED", "tests/test_a.py::test_3 PASSED"])).toBe("log");
    expect(recognizeContent(["backup-2026-12-01-full.tar", "backup-2026-12-02-full.tar", "backup-2026-12-03-full.tar"])).toBe("log");
    expect(recognizeContent(["src/a.py", "src/b.py", "src/c.py", "find: ‘src/d’: Permission denied"])).toBe("log");
  });

  test("a search tool's own message is no match line; a match, a context line, a heading are", () => {
    expect(isSearchLine("grep: src/http/private: Permission denied")).toBe(false);
    expect(isSearchLine("src/http/private: IO error for operation on src/http/private: Permission denied (os error 13)")).toBe(false);
    for (const line of ["src/a.py:    raise KeyError(k)", "src/a.py-    pass", "src/a.py:12:raise X", "src/a.py-13-", "12:    raise", "--", "src/email/errors.py"]) expect(isSearchLine(line)).toBe(true);
  });
});
