// Issue 14 end to end: the seed systems' shapes through the built binary, and pipelines that must not re-frame.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { runCli } from "./cli-process.js";

const root = mkdtempSync(join(tmpdir(), "correx-seeds-"));
const spill = join(root, "spill");
afterAll(() => rmSync(root, { recursive: true, force: true }));
const shape = (name: string): string => readFileSync(new URL(`../fixtures/shapes/${name}.json`, import.meta.url), "utf8");
const pipe = (input: string, ...commands: string[][]): string => commands.reduce((text, args) => {
  const run = runCli([...args, "--spill-dir", spill], text);
  expect(run.code).toBe(0);
  return run.text;
}, input);

describe("formatted text is never formatted again", () => {
  test("normalize | lower --to anthropic frames a read page once (the pipeline lower --help shows)", () => {
    const lowered = JSON.parse(pipe('{"ok":true,"tool":"read","data":"x\\n"}', ["normalize"], ["lower", "--to", "anthropic", "--call-id", "t1"]));
    expect(lowered.content).toBe("<path>(unknown path)</path>\n<type>file</type>\n<content>\n1: x\n</content>\n(End of file - total 1 lines)");
  });
  test("a call named bash keeps its trailing newline, and an empty one stays empty", () => {
    for (const output of ["x\\n", ""]) {
      const input = `{"functionResponse":{"name":"bash","response":{"output":"${output}"}}}`;
      expect(JSON.parse(pipe(input, ["normalize"], ["lower", "--to", "gemini"]))).toEqual(JSON.parse(input));
    }
  });
  test.each([
    ["gemini", '{"functionResponse":{"name":"read","response":{"output":"a\\nb"}}}'],
    ["ai-sdk", '{"role":"tool","content":[{"type":"tool-result","toolCallId":"c1","toolName":"read","output":{"type":"text","value":"a\\nb"}}]}'],
  ])("a %s result whose call is named read is the text the model read, not a file to page", (to, input) => {
    const args = ["lower", "--to", to, ...(to === "ai-sdk" ? ["--envelope", "message"] : [])];
    expect(JSON.parse(pipe(input, args))).toEqual(JSON.parse(input));
  });
});

describe("--tool picks the format, not the wire name", () => {
  test("functionResponse.name and toolName stay the call's own; --name still sets them", () => {
    const gemini = '{"functionResponse":{"name":"get_file","response":{"output":"x"}}}';
    expect(JSON.parse(pipe(gemini, ["lower", "--to", "gemini", "--tool", "read"])).functionResponse.name).toBe("get_file");
    expect(JSON.parse(pipe(gemini, ["lower", "--to", "gemini", "--tool", "read", "--name", "other"])).functionResponse.name).toBe("other");
    const aiSdk = pipe(gemini, ["lower", "--to", "ai-sdk", "--envelope", "message", "--call-id", "c", "--tool", "bash"]);
    expect(JSON.parse(aiSdk).content[0].toolName).toBe("get_file");
  });
});

describe("opencode's execute result", () => {
  test("an output opencode already cut keeps its outputPath and is not saved again", () => {
    const dir = join(root, "no-second-spill");
    const run = runCli(["normalize", "--spill-dir", dir], shape("opencode-execute-mcp"));
    expect(run.code).toBe(0);
    const payload = JSON.parse(run.text);
    expect(payload.meta.truncated).toBe(true);
    expect(payload.meta.output_path).toBe("/home/dev/.local/share/opencode/tool-output/tool_01JQ7Z3Y8K");
    expect(payload.attachments[0].mime).toBe("image/png");
    expect(existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith("tool_")) : []).toEqual([]);
  });
  test("--from opencode reads it and --to opencode writes it back", () => {
    expect(JSON.parse(pipe(shape("opencode-execute-mcp"), ["lower", "--from", "opencode", "--to", "opencode"]))).toEqual(JSON.parse(shape("opencode-execute-mcp")));
  });
});

describe("kontext", () => {
  test("--from kontext parses a double-encoded result instead of exiting 65", () => {
    const run = runCli(["normalize", "--from", "kontext", "--spill-dir", spill], JSON.stringify(JSON.stringify({ success: true, message: "done" })));
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.text)).toMatchObject({ ok: true, data: "done", meta: { source_shape: "kontext" } });
  });
});
