// A cut structuredContent checked against the tool's outputSchema with the SDK client's validator (output-schemas.ts:
// ajv 8, ajv-formats, the SDK's options), cut again keeping what failed (structured-schema.ts); the router remembers
// each tool's outputSchema from tools/list and hands the check to the bounding, and a result that fits still passes
// byte for byte as the server wrote it.
import { describe, expect, test } from "vitest";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { resolveBoundOptions } from "../../src/bound/defaults.js";
import { OutputSchemas } from "../../src/mcp/output-schemas.js";
import { ProxyRouter } from "../../src/mcp/proxy-router.js";
import { boundCallToolResult } from "../../src/mcp/result-bound.js";
import { boundStructuredChecked } from "../../src/mcp/structured-schema.js";

const none = new Set<string>();
const options = { maxBytes: 2000, where: "full result: read_output id=tool_x", media: none, dropped: none };

/** The check for one tool's schema, as the proxy makes it. */
function checkOf(schema: Record<string, unknown>) {
  const schemas = new OutputSchemas();
  schemas.remember([{ name: "t", outputSchema: schema }], true);
  return schemas.checkerFor("t")!;
}

/** The SDK client's own verdict (client/index.js callTool: AjvJsonSchemaValidator over the tool's outputSchema). */
function sdkAccepts(schema: Record<string, unknown>, value: unknown): boolean {
  return new AjvJsonSchemaValidator().getValidator(schema as never)(value).valid;
}

describe("boundStructuredChecked", () => {
  test("a tuple (draft-07 items array) whose cut moves its items: the array is kept whole, the SDK accepts it", () => {
    const schema = { type: "object", properties: { row: { type: "array", items: [{ type: "string" }, { type: "integer" }, { type: "integer" }, { type: "integer" }], additionalItems: { type: "object" } }, log: { type: "string" } } };
    const extra = (index: number) => Object.fromEntries(Array.from({ length: 8 }, (_, key) => [`field${key}`, `${index}:${key} `.repeat(30)]));
    const value = { row: ["name", 7, 8, 9, ...Array.from({ length: 60 }, (_, index) => extra(index))], log: "x".repeat(5000) };
    const plain = boundStructuredChecked(value, options, undefined, undefined);
    expect(sdkAccepts(schema, plain.value)).toBe(false);
    const checked = boundStructuredChecked(value, options, undefined, checkOf(schema));
    expect(sdkAccepts(schema, checked.value)).toBe(true);
    expect((checked.value as typeof value).row).toEqual(value.row);
    expect((checked.value as typeof value).log.length).toBeLessThan(value.log.length);
    // the item the cut moved into place 1 (the whole row's last, $.row[63]) first, then the array holding it
    expect(checked.kept).toEqual(["$.row[63]", "$.row"]);
  });

  test("the server's own value does not match its schema: the cut as it would be without a check", () => {
    const schema = { type: "object", properties: { id: { type: "string", pattern: "^[0-9]+$" } }, required: ["missing"] };
    const value = { id: "1".repeat(5000) };
    expect(boundStructuredChecked(value, options, undefined, checkOf(schema))).toEqual(boundStructuredChecked(value, options, undefined, undefined));
  });

  test("a string no cut of which matches (minLength 4000) is kept whole, over the budget", () => {
    const schema = { type: "object", properties: { log: { type: "string", minLength: 4000 } } };
    const value = { log: "y".repeat(5000) };
    const checked = boundStructuredChecked(value, options, undefined, checkOf(schema));
    expect(checked.value).toEqual(value);
    expect(checked.kept).toEqual(["$.log"]);
  });
});

describe("OutputSchemas", () => {
  test("a new listing forgets the last one's schemas; a schema ajv cannot compile is no check (the SDK client fails listTools on it)", () => {
    const schemas = new OutputSchemas();
    schemas.remember([{ name: "a", outputSchema: { type: "object" } }, { name: "b", outputSchema: { $ref: "#/nowhere" } }, { name: "c" }], true);
    expect(schemas.checkerFor("a")!(1)).toEqual([expect.objectContaining({ keyword: "type" })]);
    expect(schemas.checkerFor("b")!(1)).toBeUndefined();
    expect(schemas.checkerFor("c")).toBeUndefined();
    schemas.remember([{ name: "d", outputSchema: { type: "object" } }], false);
    expect(schemas.checkerFor("a")).toBeDefined();
    schemas.remember([{ name: "d", outputSchema: { type: "object" } }], true);
    expect(schemas.checkerFor("a")).toBeUndefined();
    expect(schemas.checkerFor("d")!({ x: 1 })).toBeUndefined();
    expect(schemas.checkerFor("d")!([1])).toEqual([expect.objectContaining({ keyword: "type", instancePath: "" })]);
  });
});

describe("the router checks a cut against the called tool's outputSchema", () => {
  // `n` is 1.50 as the server writes it (a number the proxy keeps as written, which the check must read as the client does)
  const schema = { type: "object", properties: { digest: { type: "string", pattern: "^[a-f0-9]+$" }, log: { type: "string" }, n: { type: "number", maximum: 1e3 } } };
  function route(structuredContent: Record<string, unknown>): { sent: string; frame: string } {
    const sent: string[] = [];
    const proxy = new ProxyRouter({
      toServer: () => {},
      toClient: (frame) => sent.push(frame.toString()),
      boundResult: (result, raw, names, _client, check) => boundCallToolResult(result, raw, { bound: resolveBoundOptions({ budget: { maxBytes: 4000, maxLines: 2000 } }), readToolName: names.read, ...(check ? { checkStructured: check } : {}) }).result,
      answerOwn: async () => ({ text: "", isError: false }) as never,
      log: () => {},
      requestTimeoutMs: 0,
    });
    proxy.fromClient(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/list"}'));
    proxy.fromServer(Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 1, result: { tools: [{ name: "hash", inputSchema: { type: "object" }, outputSchema: schema }] } }).replace('"maximum":1000', '"maximum":1e3')));
    proxy.fromClient(Buffer.from('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"hash","arguments":{}}}'));
    // as a server writes it: keys in its order, spaces, a number as written
    const frame = `{"jsonrpc":"2.0", "id":2, "result":{"content":[{"type":"text","text":"done"}], "structuredContent":${JSON.stringify(structuredContent).replace("}", ', "n": 1.50}')}}}`;
    proxy.fromServer(Buffer.from(frame));
    return { sent: sent[1]!, frame };
  }

  test("a result that fits passes byte for byte as the server wrote it", () => {
    const { sent, frame } = route({ digest: "abc", log: "short" });
    expect(sent).toBe(frame);
  });

  test("a cut one keeps the digest its pattern constrains; the SDK accepts it", () => {
    const digest = "0123456789abcdef".repeat(300);
    const { sent } = route({ digest, log: "z".repeat(6000) });
    const structured = (JSON.parse(sent) as { result: { structuredContent: { digest: string; log: string } } }).result.structuredContent;
    expect(structured.digest).toBe(digest);
    expect(structured.log.length).toBeLessThan(6000);
    expect(sdkAccepts(schema, structured)).toBe(true);
  });

  test("a task's result (tasks/result) is checked against the schema of the tool whose call started the task", () => {
    const sent: string[] = [];
    const proxy = new ProxyRouter({
      toServer: () => {},
      toClient: (frame) => sent.push(frame.toString()),
      boundResult: (result, raw, names, _client, check) => boundCallToolResult(result, raw, { bound: resolveBoundOptions({ budget: { maxBytes: 4000, maxLines: 2000 } }), readToolName: names.read, ...(check ? { checkStructured: check } : {}) }).result,
      answerOwn: async () => ({ text: "", isError: false }) as never,
      log: () => {},
      requestTimeoutMs: 0,
    });
    proxy.fromClient(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/list"}'));
    proxy.fromServer(Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 1, result: { tools: [{ name: "hash", inputSchema: { type: "object" }, outputSchema: schema, execution: { taskSupport: "optional" } }] } })));
    proxy.fromClient(Buffer.from('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"hash","arguments":{},"task":{"ttl":60000}}}'));
    proxy.fromServer(Buffer.from('{"jsonrpc":"2.0","id":2,"result":{"task":{"taskId":"task-7","status":"working","ttl":60000,"createdAt":"2025-11-25T10:00:00Z","lastUpdatedAt":"2025-11-25T10:00:00Z"}}}'));
    proxy.fromClient(Buffer.from('{"jsonrpc":"2.0","id":3,"method":"tasks/result","params":{"taskId":"task-7"}}'));
    const digest = "0123456789abcdef".repeat(300);
    proxy.fromServer(Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 3, result: { content: [{ type: "text", text: "done" }], structuredContent: { digest, log: "z".repeat(6000) } } })));
    const structured = (JSON.parse(sent.at(-1)!) as { result: { structuredContent: { digest: string; log: string } } }).result.structuredContent;
    expect(structured.digest).toBe(digest);
    expect(structured.log.length).toBeLessThan(6000);
    expect(sdkAccepts(schema, structured)).toBe(true);
  });
});
