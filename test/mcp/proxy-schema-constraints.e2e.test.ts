// `correx proxy` and the constraints of a tool's outputSchema, which the SDK client (ajv with ajv-formats) checks every
// structuredContent against, failing the whole call (-32602 "Structured content does not match the tool's output
// schema") when it does not match. Before, the cut broke them: a long hex digest (`pattern`), a base64 blob (`format:
// "byte"`), a long URL (`format: "uri"` in an `anyOf`), an `enum` value, an array's `minItems`; each call failed at
// --max-bytes 4000. Now what the schema constrains is kept as it is, the rest of the value cut around it.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt } from "../run/cli-process.js";
import { connect, CORREX_BIN, ROOT, temporaryDirectory, type Connected } from "./mcp-client.js";

const SERVER = join(ROOT, "test", "fixtures", "bin", "mcp-echo-result-server.mjs");
const LONG_KIND = `deployment-${"stage-".repeat(60)}done`;
const OUTPUT_SCHEMA = {
  type: "object",
  properties: {
    digest: { type: "string", pattern: "^[a-f0-9]+$" },
    archive: { type: "string", format: "byte" },
    link: { anyOf: [{ type: "string", format: "uri" }, { type: "null" }] },
    kind: { type: "string", enum: [LONG_KIND, "none"] },
    rows: { type: "array", minItems: 100, items: { type: "object", properties: { id: { type: "integer" }, line: { type: "string" } }, required: ["id", "line"] } },
    log: { type: "string" },
    events: { type: "array", minItems: 300, items: { type: "string" } },
    notes: { type: "array", items: { type: "string" } },
  },
  required: ["log"],
};
const MAX_BYTES = 4000;
let connection: Connected;

beforeAll(async () => {
  assertBuilt();
  const spill = join(temporaryDirectory("correx-proxy-constraints-"), "spill");
  connection = await connect(process.execPath, [CORREX_BIN, "proxy", "--spill-dir", spill, "--max-bytes", String(MAX_BYTES), "--", process.execPath, SERVER, JSON.stringify(OUTPUT_SCHEMA)]);
  await connection.client.listTools();
});
afterAll(async () => {
  await connection?.client.close();
});

/** Calls the echo tool with this structuredContent (its text the JSON of it, as servers often repeat it, unless given). */
async function call(structured: Record<string, unknown>, text = JSON.stringify(structured, null, 1)): Promise<Record<string, unknown>> {
  const result = await connection.client.callTool({ name: "result", arguments: { result: { content: [{ type: "text", text }], structuredContent: structured } } });
  return result.structuredContent as Record<string, unknown>;
}

const log = Array.from({ length: 400 }, (_, index) => `${index} INFO step ${index} done`).join("\n");
const notes = Array.from({ length: 300 }, (_, index) => `note ${index}`);

describe("correx proxy: a cut structuredContent keeps what its outputSchema constrains", () => {
  test("a 6,000-character hex digest (pattern) and a 8,000-byte base64 archive (format byte) stay whole, the log and notes are cut", async () => {
    const digest = "0123456789abcdef".repeat(375);
    const archive = Buffer.alloc(6000, 0x5a).toString("base64");
    const structured = await call({ digest, archive, log, notes });
    expect(structured.digest).toBe(digest);
    expect(structured.archive).toBe(archive);
    expect(String(structured.log).length).toBeLessThan(log.length);
    expect((structured.notes as string[]).length).toBeLessThan(notes.length);
    expect(connection.stderr()).toContain("structuredContent was cut less so that it still matches the tool's outputSchema (kept: $.digest, $.archive)");
  });

  test("a long URL in an anyOf (format uri or null) and a long enum value stay whole", async () => {
    const link = `https://ci.example.com/builds/42/artifacts?${Array.from({ length: 200 }, (_, index) => `file${index}=report-${index}.xml`).join("&")}`;
    const structured = await call({ link, kind: LONG_KIND, log, notes });
    expect(structured.link).toBe(link);
    expect(structured.kind).toBe(LONG_KIND);
    expect(String(structured.log).length).toBeLessThan(log.length);
  });

  test("an array with minItems 100 keeps 100 of its 1,000 rows, both ends; an array without one is cut further", async () => {
    const rows = Array.from({ length: 1000 }, (_, id) => ({ id, line: `row ${id}` }));
    const structured = await call({ rows, log, notes });
    const kept = structured.rows as { id: number }[];
    expect(kept).toHaveLength(100);
    expect(kept[0]!.id).toBe(0);
    expect(kept.at(-1)!.id).toBe(999);
    expect((structured.notes as string[]).length).toBeLessThan(100);
  });

  test("a 2 MiB result read as it arrives (its structuredContent reduced as it streamed: 128 events of 40,000): read whole, 300 events kept (minItems)", async () => {
    const events = Array.from({ length: 40_000 }, (_, index) => `event ${index}: worker-${index % 7} processed a batch`);
    const structured = await call({ events, log }, events.join("\n"));
    expect((structured.events as string[]).length).toBe(300);
    expect((structured.events as string[]).at(-1)).toBe(events.at(-1));
  });

  test("a result that fits is untouched; one whose constrained values fit the cut is cut as before (nothing kept on their account)", async () => {
    expect(await call({ digest: "abc", log: "short" })).toEqual({ digest: "abc", log: "short" });
    const structured = await call({ digest: "abc", kind: "none", log, notes });
    expect(structured.digest).toBe("abc");
    expect(Buffer.byteLength(JSON.stringify(structured))).toBeLessThanOrEqual(MAX_BYTES);
    expect(connection.errors).toEqual([]);
  });
});
