#!/usr/bin/env node
// Bench: start-up of `echo hi | correx bound` against `node -e 0` counted in instructions (valgrind callgrind),
// which, unlike wall time, does not move with the load of a shared machine. Skipped when valgrind is absent.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const correx = fileURLToPath(new URL("../bin/correx", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "correx-startup-"));

/** Instructions executed by a command under callgrind (all threads). */
function instructions(argv) {
  const result = spawnSync("valgrind", ["--tool=callgrind", `--callgrind-out-file=${join(work, "out")}`, ...argv], { input: "hi\n", encoding: "utf8" });
  const match = /refs:\s+([\d,]+)/.exec(result.stderr ?? "");
  if (!match) throw new Error(`valgrind gave no count for ${argv.join(" ")}: ${result.error?.message ?? result.stderr}`);
  return Number(match[1].replaceAll(",", ""));
}

if (spawnSync("valgrind", ["--version"]).status !== 0) {
  console.log("\n### Start-up in instructions\n\nvalgrind is not installed: skipped.");
} else {
  const node = instructions([process.execPath, "-e", "0"]);
  const ours = instructions([process.execPath, correx, "bound", "--no-spill"]);
  console.log("\n### Start-up in instructions (valgrind callgrind)\n");
  console.log("| echo hi \\| correx bound | node -e 0 | ratio |");
  console.log("| ---: | ---: | ---: |");
  console.log(`| ${(ours / 1e6).toFixed(0)} M | ${(node / 1e6).toFixed(0)} M | ${(ours / node).toFixed(2)} |`);
}
rmSync(work, { recursive: true, force: true });
