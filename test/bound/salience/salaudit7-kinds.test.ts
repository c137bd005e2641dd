// The thirteenth audit's outputs (recipes/salaudit7_cases.sh): ripgrep's and grep's forms content-kind.ts read as a log
// (rg --heading, rg's and grep -r's lines without numbers in a pipe, grep -rn -B 25), each search tool's own
// `Permission denied` among its matches, terraform init and plan over 30 stacks without the provider registry, docker
// build of 16 images, go build -v of 400 packages, mvn -o over 4 reactors, pytest -n 4.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { bound } from "../../../src/bound/index.js";
import { isSearchLine, recognizeContent } from "../../../src/bound/salience/content-kind.js";
import { describeMustKeep, fixture, raw } from "./corpus-kinds.js";
import { groupsOf, groupWith } from "./groups-of.js";
import { largeAround } from "./large-tool-outputs.js";

const CORREX = fileURLToPath(new URL("../../../bin/correx", import.meta.url));

describeMustKeep("the thirteenth audit's outputs keep their must-keep lines", ["rg-pipe-raise-denied", "grep-r-context-denied", "grep-rn-raise-denied", "terraform-init-plan-stacks", "docker-build-services", "go-build-v-400-packages", "mvn-offline-missing-dependency", "pytest-xdist-1-failure"]);

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

describe("terraform's and docker's details travel with their errors", () => {
  test("terraform -no-color: the two paragraphs under `Error:` and its blank line, to the third blank line", () => {
    const group = groupWith(groupsOf(fixture("terraform-init-plan-stacks.txt")), "Error: Failed to query available provider packages")!;
    expect(group).toEqual(["Error: Failed to query available provider packages", "", "Could not retrieve the list of available versions for provider", "hashicorp/random: could not connect to registry.terraform.io: failed to", "request discovery document: Get", "\"https://registry.terraform.io/.well-known/terraform.json\": dial tcp: lookup", "registry.terraform.io on 10.255.255.53:53: no such host", "", "To see which modules are currently depending on hashicorp/random and what", "versions are specified, run the following command:", "terraform providers"]);
  });

  test("Node's `Error:` over its frames takes no paragraph past the blank line under them", () => {
    const group = groupWith(groupsOf(["Error: Cannot find module 'x'", "    at Module._resolveFilename (node:internal/modules/cjs/loader:1145:15)", "    at Object.<anonymous> (/app/main.js:1:1)", "", "Node.js v20.20.0", "next line"]), "Error: Cannot find module 'x'")!;
    expect(group.some((line) => line.startsWith("Node.js"))).toBe(false);
  });

  test("docker build: the step over `COPY failed:`", () => {
    const group = groupsOf(fixture("docker-build-services.txt")).find((each) => each.some((line) => line.startsWith("COPY failed: ")))!;
    expect(group.slice(0, 2)).toEqual(["Step 14/26 : COPY conf/part-13.yaml /etc/svc09/", "COPY failed: file not found in build context or excluded by .dockerignore: stat conf/part-13.yaml: file does not exist"]);
  });

  // Each output between ~1.5 MiB of its own lines before its error, at the default budget (the byte path).
  test.each([
    ["terraform-init-plan-stacks", "== stacks/s17", ["Error: Failed to query available provider packages", "hashicorp/random: could not connect to registry.terraform.io: failed to"]],
    ["docker-build-services", "== services/svc09", ["Step 14/26 : COPY conf/part-13.yaml /etc/svc09/", "COPY failed: file not found in build context"]],
    ["pytest-xdist-1-failure", "FAILED tests/test_tiers_17.py::test_tier_17_21", ["[gw1] [ 56%] FAILED tests/test_tiers_17.py::test_tier_17_21"]],
  ])("%s in the middle of 3 MiB of its own lines, at the default budget (the byte path)", (name, before, wanted) => {
    const result = spawnSync(process.execPath, [CORREX, "bound", "--for", "model", "--no-spill"], { input: largeAround(name, before), maxBuffer: 1 << 26 });
    const lines = result.stdout.toString("utf8").split("\n");
    expect(wanted.filter((needle) => !lines.some((each) => each.includes(needle)))).toEqual([]);
  });
});
