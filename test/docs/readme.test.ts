// The README stays true: every `console` block is re-run and must print what is pasted under it, and the
// library example shown is examples/library.ts, with the output it really prints.
import { mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { compileLibraryExample, LIBRARY_EXAMPLE } from "./library-example.js";
import { readConsoleSteps, readFencedBlocks } from "./markdown.js";
import { createTempDir, normalizeVolatile, OUTPUT_ID, ROOT, runShell } from "./run-shell.js";

const README = readFileSync(join(ROOT, "README.md"), "utf8");
const blocks = readFencedBlocks(README);
const consoleSteps = blocks.filter((block) => block.info === "console").flatMap((block) => readConsoleSteps(block.body));

/** The text of the one block whose info string is `info`. */
function blockWithInfo(info: string): string {
  const found = blocks.filter((block) => block.info === info);
  expect(found, `exactly one block \`\`\`${info}`).toHaveLength(1);
  return found[0]!.body;
}

const distinctIds = (text: string): string[] => [...new Set(text.match(OUTPUT_ID) ?? [])];

describe("README console blocks print what they show", () => {
  test("the README has the sections the issue asks for", () => {
    const headings = README.split("\n").filter((line) => line.startsWith("## "));
    expect(headings).toEqual([
      "## Set-up",
      "## Use it in your agent",
      "## `correx bound`: bound any output for a model",
      "## `correx run`: wrap a command for a model",
      "## The spill store",
      "## Settings per machine: the config file",
      "## `correx mcp`: a bounded shell for any MCP client",
      "## `correx proxy`: bound any MCP server",
      "## Tool-result shapes in, provider payloads out",
      "## The library",
      "## Examples",
      "## How correx compares",
      "## Exit codes",
      "## Development",
    ]);
    expect(consoleSteps.map((step) => step.command.split(" ").slice(0, 2).join(" "))).toEqual([
      "correx hook", "correx hook", "correx hook", "correx hook", "correx hook", "correx hook", "correx bound", "correx run", "correx run", "correx read", "correx grep", "correx lower", "correx lower",
    ]);
  });

  test("each command, run in order against one store, prints the pasted output (ids and store paths aside)", () => {
    // The default store under a private XDG_STATE_HOME: paths end in correx/tool-output as the pasted ones do.
    const state = createTempDir("readme-state");
    // Ids pasted in the README map to the ids of this run, in order of appearance, so that a later
    // `correx read ID` reads what this run's `correx bound` saved.
    const ids = new Map<string, string>();
    for (const step of consoleSteps) {
      const command = step.command.replace(OUTPUT_ID, (id) => ids.get(id) ?? id);
      const run = runShell(command, { env: { CORREX_SPILL_DIR: undefined, XDG_STATE_HOME: state } });
      const pasted = distinctIds(step.output);
      distinctIds(run.stdout).forEach((id, index) => pasted[index] !== undefined && ids.set(pasted[index]!, id));
      expect({ command: step.command, output: normalizeVolatile(run.stdout).trimEnd() }).toEqual({
        command: step.command,
        output: normalizeVolatile(step.output).trimEnd(),
      });
    }
  });
});

describe("README library section", () => {
  test("shows examples/library.ts exactly", () => {
    expect(blockWithInfo("ts examples/library.ts")).toBe(readFileSync(LIBRARY_EXAMPLE, "utf8").trimEnd());
  });

  test("shows what examples/library.ts prints (against this build of the package)", () => {
    const dir = createTempDir("readme-library");
    mkdirSync(join(dir, "node_modules"));
    symlinkSync(ROOT, join(dir, "node_modules", "correx"), "dir");
    const run = runShell(`node ${compileLibraryExample(dir)}`, { cwd: dir });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(normalizeVolatile(run.stdout).trimEnd()).toBe(normalizeVolatile(blockWithInfo("text output of examples/library.ts")));
  });
});
