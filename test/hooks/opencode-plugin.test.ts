// examples/opencode-plugin/correx.ts, run as opencode runs it: loaded where `correx` is a dependency, called with a
// real-shaped `tool.execute.after` input and output; the model's text is bounded, the UI's title and metadata kept.
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { transformSync } from "esbuild";
import { describe, expect, test } from "vitest";
import { createTempDir, ROOT, runShell } from "../docs/run-shell.js";

const PLUGIN = join(ROOT, "examples", "opencode-plugin", "correx.ts");
const BUILD_LOG = readFileSync(join(ROOT, "test", "fixtures", "tsc-failing-build.txt"), "utf8");

/** What opencode hands `tool.execute.after` after its bash tool ran `npm run build` (input, then output). */
const BASH_CALL = {
  input: { tool: "bash", sessionID: "ses_6a1f0c2e9ffeR3kq8Jd2xWm1Lp", callID: "toolu_01Gq7v2Lx9cT4mNwP8rK3sYb", args: { command: "npm run build", description: "Build the project" } },
  output: { title: "npm run build", output: BUILD_LOG, metadata: { output: BUILD_LOG.slice(0, 30000), exit: 2, description: "Build the project", truncated: false } },
};

/** The driver: loads the plugin as opencode would (a context it does not read, the options), calls the hook. */
const DRIVER = `
import { CorrexPlugin } from "./correx.mjs";
const call = JSON.parse(process.argv[2]);
const hooks = await CorrexPlugin({}, JSON.parse(process.argv[3]));
await hooks["tool.execute.after"](call.input, call.output);
process.stdout.write(JSON.stringify(call.output));
`;

/** Runs the plugin's hook once in a folder where `correx` resolves to this build; returns the output and the store. */
function runPlugin(call: unknown, options: Record<string, unknown>): { output: typeof BASH_CALL.output; store: string; stderr: string } {
  const dir = createTempDir("opencode-plugin");
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(ROOT, join(dir, "node_modules", "correx"), "dir");
  writeFileSync(join(dir, "correx.mjs"), transformSync(readFileSync(PLUGIN, "utf8"), { loader: "ts", format: "esm", target: "node20" }).code);
  writeFileSync(join(dir, "driver.mjs"), DRIVER);
  const store = join(dir, "store");
  const quote = (value: unknown): string => `'${JSON.stringify(value).replace(/'/g, `'\\''`)}'`;
  const run = runShell(`node driver.mjs ${quote(call)} ${quote(options)}`, { cwd: dir, env: { CORREX_SPILL_DIR: store } });
  expect(run.code, run.stderr).toBe(0);
  return { output: JSON.parse(run.stdout), store, stderr: run.stderr };
}

describe("examples/opencode-plugin/correx.ts", () => {
  test("a long bash output: the model's text is bounded and clean, the failure at the end kept, the UI's fields untouched", () => {
    const { output, store, stderr } = runPlugin(BASH_CALL, { maxBytes: 4000 });
    expect(stderr).toBe("");
    expect(output.title).toBe(BASH_CALL.output.title);
    expect(output.metadata).toEqual(BASH_CALL.output.metadata);
    expect(Buffer.byteLength(output.output)).toBeLessThanOrEqual(4000);
    expect(output.output).not.toContain("\u001b");
    expect(output.output.startsWith("\n> report@1.0.0 build\n")).toBe(true);
    expect(output.output.endsWith("error TS2322: Type 'string' is not assignable to type 'number'.\n\n14 const total: number = records.map(describe3).join(\"\\n\");\n         ~~~~~\n\n\nFound 1 error in src/main.ts:14\n\n")).toBe(true);
    const id = /correx read (tool_\w+)/.exec(output.output)![1]!;
    expect(readFileSync(join(store, id), "utf8")).toBe(BUILD_LOG);
    expect(JSON.parse(readFileSync(join(store, `${id}.json`), "utf8"))).toMatchObject({ tool: "bash", command: "npm run build" });
  });

  test("an output that fits and is clean passes through unchanged, and nothing is saved", () => {
    const small = { input: { ...BASH_CALL.input, args: { command: "git status", description: "Show status" } }, output: { title: "git status", output: "On branch main\nnothing to commit, working tree clean\n", metadata: { exit: 0 } } };
    const { output, store } = runPlugin(small, {});
    expect(output).toEqual(small.output);
    expect(readdirSync(store)).toEqual([]);
  });

  test("any tool, not only bash: a read tool's escape codes are removed", () => {
    const read = { input: { tool: "read", sessionID: "ses_1", callID: "call_1", args: { filePath: "/tmp/log.txt" } }, output: { title: "log.txt", output: "\u001b[32mok\u001b[0m 1\n\u001b[31mfail\u001b[0m 2\n", metadata: { preview: "ok 1" } } };
    expect(runPlugin(read, {}).output).toEqual({ ...read.output, output: "ok 1\nfail 2\n" });
  });

  test("an output opencode already cut to its head: the whole it saved (metadata.outputPath) is bounded, so the failure at the end is read", () => {
    const dir = createTempDir("opencode-saved");
    const saved = join(dir, "tool_0001");
    writeFileSync(saved, BUILD_LOG);
    const head = BUILD_LOG.split("\n").slice(0, 20).join("\n");
    const cut = { ...BASH_CALL, output: { ...BASH_CALL.output, output: `${head}\n...${BUILD_LOG.split("\n").length - 20} lines truncated...\nThe tool call succeeded but the output was truncated. Full output saved to: ${saved}`, metadata: { ...BASH_CALL.output.metadata, truncated: true, outputPath: saved } } };
    const { output, store } = runPlugin(cut, { maxBytes: 4000 });
    expect(output.metadata).toEqual(cut.output.metadata);
    expect(output.output.endsWith("Found 1 error in src/main.ts:14\n\n")).toBe(true);
    const id = /correx read (tool_\w+)/.exec(output.output)![1]!;
    expect(readFileSync(join(store, id), "utf8")).toBe(BUILD_LOG);
  });
});
