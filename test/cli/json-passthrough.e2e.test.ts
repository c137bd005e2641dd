// JSON on `bound` and `run` (SPEC §2): a command's JSON passes through as written; only tool-result envelopes are
// read as tool results; numbers keep their source text on every path; structured errors stay structured.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { CORREX, runCli } from "./cli-process.js";

const root = mkdtempSync(join(tmpdir(), "correx-json-"));
const spill = join(root, "spill");
afterAll(() => rmSync(root, { recursive: true, force: true }));
const bound = (input: string | Buffer, ...args: string[]) => runCli(["bound", "--spill-dir", spill, ...args], input);

describe("JSON that fits passes through byte for byte", () => {
  test.each([
    ['{"ok":false,"error":"invalid_auth"}\n'],
    ['{"ok":true,"data":{"id":1},"meta":{"page":2}}\n'],
    ['{"a":1,"b":[1,2]}'],
    ['{"id": 1234567890123456789}'],
    ["[1e999999, -0, 1.0, 0.10, 1E5]\n"],
    ['{"success":true,"message":"done","count":3}\n'],
    ['{"toolUseId":"t","content":[{"text":"bare Bedrock block: data"}]}\n'],
    ['  {\n    "type": "tool_result", "tool_use_id": "x", "content": "hi", "extra": 1\n  }\n'],
    ['{"content":[],"note":"not MCP"}\n'],
  ])("%j", (input) => {
    const run = bound(input);
    expect(run.code).toBe(0);
    expect(run.text).toBe(input);
    expect(run.stderr).toBe("");
  });

  test("--format json carries the JSON as written, as text", () => {
    const input = '{"id": 1234567890123456789, "x": -0}\n';
    const run = bound(input, "--format", "json");
    expect(JSON.parse(run.text)).toMatchObject({ ok: true, data: input, meta: { source_shape: "text" } });
  });

  test("correx run passes a command's JSON through as written", () => {
    const input = '{"id": 1234567890123456789, "n": 1e999999}';
    const run = runCli(["run", "--spill-dir", spill, "--", "printf", "%s", input]);
    expect(run.code).toBe(0);
    expect(run.text.startsWith(input)).toBe(true);
  });
});

describe("bound reads only tool-result envelopes as tool results", () => {
  test.each([
    ["MCP CallToolResult", '{"content":[{"type":"text","text":"from MCP"}],"isError":false}', "from MCP"],
    ["AI SDK output", '{"type":"text","value":"from the AI SDK"}', "from the AI SDK"],
    ["AI SDK tool-result part", '{"type":"tool-result","toolCallId":"c1","toolName":"t","output":{"type":"text","value":"part"}}', "part"],
    ["Anthropic tool_result", '{"type":"tool_result","tool_use_id":"toolu_1","content":"anthropic"}', "anthropic"],
    ["OpenAI chat tool message", '{"role":"tool","tool_call_id":"c","content":"chat"}', "chat"],
    ["OpenAI Responses item", '{"type":"function_call_output","call_id":"c","output":"responses"}', "responses"],
    ["Gemini functionResponse", '{"functionResponse":{"name":"f","response":{"output":"gemini"}}}', "gemini"],
    ["Bedrock toolResult", '{"toolResult":{"toolUseId":"t","content":[{"text":"bedrock"}]}}', "bedrock"],
  ])("%s", (_name, input, text) => {
    const run = bound(input);
    // Text written for a reader ends with a newline, as text tools' output does (issue 15).
    expect(run.text).toBe(`${text}\n`);
  });

  test("normalize still reads every shape (a rind payload, a kontext result)", () => {
    expect(JSON.parse(runCli(["normalize"], '{"ok":false,"error":"invalid_auth"}').text)).toMatchObject({ ok: false, error: "invalid_auth" });
    expect(JSON.parse(runCli(["normalize"], '{"success":true,"message":"done"}').text).meta.source_shape).toBe("kontext");
  });
});

describe("numbers keep their source text on every path", () => {
  const value = '{"big":1234567890123456789,"negativeZero":-0,"huge":1e999999,"one":1.0,"plain":12,"half":0.5}';
  test("normalize", () => {
    expect(runCli(["normalize"], value).text).toContain(`"data":${value}`);
  });
  test("bound --format json of an envelope", () => {
    expect(bound(`{"type":"json","value":${value}}`, "--format", "json").text).toContain(`"data":${value}`);
  });
  test("bound of an envelope: the model text", () => {
    expect(bound(`{"type":"json","value":{"n":1e999999,"m":[-0,1.0]}}`).text).toBe('{\n  "n": 1e999999,\n  "m": [\n    -0,\n    1.0\n  ]\n}\n');
  });
  test.each([
    ["bedrock", `{"toolResult":{"toolUseId":"t","content":[{"json":${value}}],"status":"success"}}`],
    ["mcp", `{"content":[{"type":"text","text":"ok"}],"structuredContent":${value}}`],
    ["ai-sdk", `{"type":"json","value":${value}}`],
  ])("lower --to %s", (provider, input) => {
    const run = runCli(["lower", "--to", provider, "--call-id", "t"], input);
    expect(run.code).toBe(0);
    expect(run.text).toContain(value);
  });
});

describe("structured errors stay structured", () => {
  test("AI SDK error-json", () => {
    const input = '{"type":"error-json","value":{"code":42,"detail":"bad"}}';
    expect(JSON.parse(bound(input, "--format", "json").text)).toMatchObject({ ok: false, error: { code: 42, detail: "bad" } });
    expect(bound(input, "--to", "ai-sdk").text).toBe(`${input}\n`);
  });
  test("a Gemini response.error object", () => {
    const input = '{"functionResponse":{"name":"f","response":{"error":{"code":1.0,"message":"x"}}}}';
    expect(bound(input, "--to", "gemini").text).toBe(`${input}\n`);
    expect(bound(input, "--format", "json").text).toContain('"error":{"code":1.0,"message":"x"}');
  });
  test("a Bedrock {json} block with status error", () => {
    const input = '{"toolResult":{"toolUseId":"t","content":[{"json":{"code":1}}],"status":"error"}}';
    expect(bound(input, "--to", "bedrock").text).toBe(`${input}\n`);
  });
});

describe("how the pipe delivers the bytes never changes what the input is", () => {
  const file = join(root, "input");
  const split = (): string => execFileSync("sh", ["-c", `(head -c 10 "$1"; sleep .3; tail -c +11 "$1") | "${process.execPath}" "${CORREX}" bound --no-spill`, "sh", file]).toString();
  const whole = (): string => execFileSync("sh", ["-c", `"${process.execPath}" "${CORREX}" bound --no-spill < "$1"`, "sh", file]).toString();
  test.each([
    ["binary that starts like JSON", Buffer.concat([Buffer.from("[\n"), Buffer.alloc(9000, 0), Buffer.from("same line\n".repeat(500))])],
    ["a log that starts like JSON", Buffer.from(`[INFO] one\n${"same line\n".repeat(20_000)}`)],
    ["a JSON envelope", Buffer.from(JSON.stringify({ content: [{ type: "text", text: "x\n".repeat(30_000) }] }))],
  ])("%s", (_name, bytes) => {
    writeFileSync(file, bytes);
    expect(split()).toBe(whole());
  });
});

describe("a recorded tool result cut short", () => {
  const recorded = readFileSync(new URL("../fixtures/json/mcp-read-text-file.json", import.meta.url));
  // within the first 64 KiB, which decide how input is read (streamed as text), and past them (held whole, parsed)
  const cuts = [recorded.subarray(0, 40_000), recorded.subarray(0, 87_000)];

  test.each([0, 1])("normalize and lower read it as text and say on stderr where the JSON broke; exit 0 (cut %i)", (which) => {
    const cut = cuts[which]!;
    for (const args of [["normalize", "--no-spill"], ["lower", "--to", "openai-chat", "--call-id", "call_1", "--no-spill"]]) {
      const run = runCli(args, cut);
      expect(run.code).toBe(0);
      expect(run.stderr).toMatch(/^correx: warning: malformed JSON at line 1, column \d+: unterminated string: read as text\n$/);
      expect(run.text).toContain(JSON.stringify(cut.toString("utf8")).slice(1, 40));
    }
  });

  test("bound reads it as the text it is, with no warning (bound and run read text anyway)", () => {
    const run = bound(cuts[0]!, "--no-spill");
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.stdout.equals(cuts[0]!)).toBe(true);
  });
});
