// The fourteenth audit's outputs (recipes/salaudit8_cases.sh): noise as agents capture it, in a pseudo-terminal (SGR
// colours, `\r` progress redraws, cursor movement, CRLF line ends: cargo's progress bar, pytest --color=yes, vitest's
// live summary, npm ci's spinner, wget's progress bar), curl -v's TLS failure among health checks, and strace -f of a
// loop one of whose processes fails.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { bound } from "../../../src/bound/index.js";
import { describeMustKeep, fixture, raw, salient } from "./corpus-kinds.js";
import { groupsOf, groupWith } from "./groups-of.js";
import { largeAround } from "./large-tool-outputs.js";

const CORREX = fileURLToPath(new URL("../../../bin/correx", import.meta.url));
const NOISY = ["cargo-build-pty-progress", "pytest-pty-color-packages", "vitest-pty-live-summary", "npm-ci-pty-lockfile-drift", "wget-pty-progress-404"];

describeMustKeep("the fourteenth audit's outputs keep their must-keep lines", [...NOISY, "curl-v-health-tls-failure", "strace-f-cat-missing-part"]);

describe("a pseudo-terminal's noise", () => {
  // Kept already (guards): the colours and redraws are gone before salience reads a line, so a redraw is no line.
  test.each(NOISY)("%s: what is kept reads clean (no escape, no carriage return) at 51,200, 10,240 and 4,096 bytes", (name) => {
    expect(/\x1b\[|\r(?!\n)/.test(raw(`${name}.txt`).toString("latin1"))).toBe(true);
    for (const maxBytes of [51200, 10240, 4096]) {
      const text = bound(raw(`${name}.txt`), { budget: { maxLines: 2000, maxBytes } }).text;
      expect([...text.matchAll(/[\x1b\r]/g)].length).toBe(0);
    }
  });
});

describe("curl's failure", () => {
  test("`curl: (N) …` is salient, with or without an error word", () => {
    for (const line of ["curl: (60) SSL certificate problem: self-signed certificate", "curl: (6) Could not resolve host: registry.internal", "curl: (28) Connection timed out after 2001 milliseconds", "curl: (56) Recv failure: Connection reset by peer", "curl: (52) Empty reply from server", "curl: (35) OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to x:443"]) expect(salient(line)).toBe(true);
    // curl -v's own lines are not.
    for (const line of ["* SSL certificate problem: self-signed certificate", "> User-Agent: curl/7.88.1", "* Closing connection 0"]) expect(salient(line)).toBe(false);
  });

  test("curl -v's TLS failure in the middle of 3 MiB of its own lines, at the default budget (the byte path)", () => {
    const result = spawnSync(process.execPath, [CORREX, "bound", "--for", "model", "--no-spill"], { input: largeAround("curl-v-health-tls-failure", "== svc067"), maxBuffer: 1 << 26 });
    expect(result.stdout.toString("utf8")).toContain("curl: (60) SSL certificate problem: self-signed certificate");
  });
});

describe("what travels with wget's and strace's failures", () => {
  test("wget: the request over `ERROR 404`", () => {
    const group = groupWith(groupsOf(fixture("wget-pty-progress-404.txt").map((line) => line.replace(/\r$/, ""))), "2026-12-05 03:17:21 ERROR 404: File not found.")!;
    expect(group).toEqual(["--2026-12-05 03:17:21--  http://127.0.0.1:8791/data/part-0131.csv", "2026-12-05 03:17:21 ERROR 404: File not found."]);
  });

  test("strace: the process's failed call and its writes to stderr over its exit with a status; not the locale's probes between them", () => {
    const group = groupWith(groupsOf(fixture("strace-f-cat-missing-part.txt")), "12630 +++ exited with 1 +++")!;
    expect(group).toEqual([
      "12630 openat(AT_FDCWD, \"data/part-13.csv\", O_RDONLY) = -1 ENOENT (No such file or directory)",
      "12630 write(2, \"cat: \", 5)              = 5",
      "12630 write(2, \"data/part-13.csv\", 16)  = 16",
      "12630 write(2, \": No such file or directory\", 27) = 27",
      "12630 write(2, \"\\n\", 1)                 = 1",
      "12630 +++ exited with 1 +++",
    ]);
  });

  test("strace: a process that wrote nothing takes its nearest failed call; another process's lines are passed; an exit with 0 is no failure", () => {
    const lines = ["[pid  7001] connect(3, {sa_family=AF_INET, sin_port=htons(5432)}, 16) = -1 ECONNREFUSED (Connection refused)", "[pid  7002] read(4, \"x\", 1) = 1", "[pid  7001] close(3) = 0", "[pid  7001] exit_group(2) = ?", "[pid  7001] +++ exited with 2 +++", "[pid  7002] +++ exited with 0 +++"];
    const groups = groupsOf(lines);
    expect(groupWith(groups, "[pid  7001] +++ exited with 2 +++")).toEqual([lines[0], lines[4]]);
    expect(salient("[pid  7002] +++ exited with 0 +++")).toBe(false);
  });
});
