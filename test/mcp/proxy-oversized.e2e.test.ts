// `correx proxy` and an answer over the SDK client's 10 MiB line (shared/stdio.js STDIO_DEFAULT_MAX_BUFFER_SIZE): the
// client throws "ReadBuffer exceeded maximum size" and closes its connection, so every later call fails with "Not
// connected". Answers the proxy does not otherwise bound (resources/read, prompts/get, a JSON-RPC error) passed whole;
// now a resources/read is bounded (its text, the marker, the spill; a blob too large left out with a note) and
// anything else becomes a JSON-RPC error saying so. Frames that fit pass as written.
import { beforeAll, describe, expect, test } from "vitest";
import { assertBuilt } from "../run/cli-process.js";
import { firstText, proxiesToFlaky, type Connected } from "./mcp-client.js";

const LARGE = 12 * 1024 * 1024;
const proxy = proxiesToFlaky("correx-proxy-oversized-");

beforeAll(() => assertBuilt());

/** The connection still works: a later call is answered. */
async function stillConnected(connection: Connected): Promise<void> {
  const after = await connection.client.callTool({ name: "echo", arguments: { text: "still connected" } });
  expect(after.content).toEqual([{ type: "text", text: "still connected" }]);
  expect(connection.errors).toEqual([]);
}

describe("correx proxy: an answer over the client's 10 MiB line", () => {
  test("a 12 MiB resources/read: its text bounded, the whole saved for read_output, the connection goes on", async () => {
    const connection = await proxy();
    const { client } = connection;
    const read = await client.readResource({ uri: `big://text/${LARGE}` });
    expect(read.contents).toHaveLength(1);
    const content = read.contents[0] as { uri: string; mimeType?: string; text: string };
    expect(content.uri).toBe(`big://text/${LARGE}`);
    expect(content.mimeType).toBe("text/plain");
    expect(Buffer.byteLength(content.text)).toBeLessThanOrEqual(51_200);
    expect(content.text).toMatch(/^000000001 INFO worker-1 processed a batch of records/);
    // the marker, as a bounded tools/call result's: the lines omitted, and the id read_output pages
    const id = /\[full output: .*read the omitted part with: correx read (tool_\w+) /.exec(content.text)?.[1];
    expect(id).toBeDefined();
    expect(connection.stderr()).toMatch(/the server's answer to resources\/read \(\d+ bytes\) is over the client's 10 MiB line limit/);
    // the saved answer pages as a tool result would
    const page = await client.callTool({ name: "read_output", arguments: { id, offset: 100_000, limit: 2 } });
    expect(firstText(page)).toContain("000100000 INFO worker-");
    await stillConnected(connection);
  }, 60_000);

  test("a 12 MiB blob: left out with a note in its place, the other content kept", async () => {
    const connection = await proxy();
    const read = await connection.client.readResource({ uri: `big://blob/${LARGE}` });
    expect(read.contents[0]).toEqual({ uri: "big://readme", mimeType: "text/plain", text: "a picture follows" });
    const note = read.contents[1] as { uri: string; mimeType?: string; text: string };
    expect(note.uri).toBe(`big://blob/${LARGE}`);
    expect(note.mimeType).toBe("text/plain");
    expect(note.text).toMatch(/^\[correx: this resource's image\/png blob \(12\.0 MiB\) was left out: the answer was \d+ bytes, over the client's 10 MiB line limit; the whole answer is saved: read_output id=\S+\]$/);
    await stillConnected(connection);
  }, 60_000);

  test("a 12 MiB prompts/get: a JSON-RPC error that says so and where the answer is saved", async () => {
    const connection = await proxy();
    await expect(connection.client.getPrompt({ name: "big", arguments: { bytes: String(LARGE) } })).rejects.toThrow(
      /MCP error -32603: correx proxy: the server's answer to prompts\/get was \d+ bytes, over the client's 10 MiB line limit .*; the whole answer is saved: read_output id=\S+/,
    );
    await stillConnected(connection);
  }, 60_000);

  test("a JSON-RPC error of 12 MiB: its code and the head of its message kept", async () => {
    const connection = await proxy();
    const call = connection.client.callTool({ name: "echo", arguments: { error_bytes: LARGE } });
    await expect(call).rejects.toThrow(/^MCP error -32602: 000000001 INFO worker-1 processed a batch of records\n[^]* … \[correx proxy: the server's answer to tools\/call was \d+ bytes, over the client's 10 MiB line limit/);
    await stillConnected(connection);
  }, 60_000);

  test("a tool result with a 12 MiB image (a screenshot): its text kept, the image left out with a note naming the saved answer", async () => {
    const connection = await proxy();
    const result = await connection.client.callTool({ name: "echo", arguments: { text: "screenshot of the page", image_bytes: LARGE } });
    const content = result.content as { type: string; text?: string }[];
    expect(content).toHaveLength(2);
    expect(content[0]).toEqual({ type: "text", text: "screenshot of the page" });
    expect(content[1]!.type).toBe("text");
    const id = /^\[correx: this result's image image\/png \(12\.0 MiB\) was left out: the answer was \d+ bytes, over the client's 10 MiB line limit; the whole answer is saved: read_output id=(tool_\w+)\]$/.exec(content[1]!.text ?? "")?.[1];
    expect(id).toBeDefined();
    const page = await connection.client.callTool({ name: "read_output", arguments: { id } });
    expect(firstText(page)).toContain("screenshot of the page");
    await stillConnected(connection);
  }, 60_000);

  test("a 200 KB log with a 12 MiB image: the saved copy's note names the id it is saved under, not a placeholder", async () => {
    const connection = await proxy();
    const result = await connection.client.callTool({ name: "echo", arguments: { bytes: 200_000, image_bytes: LARGE } });
    const content = result.content as { type: string; text?: string }[];
    const note = content.find((block) => block.text?.startsWith("[correx: this result's image"));
    const id = /the whole answer is saved: read_output id=(tool_\w+)\]$/.exec(note?.text ?? "")?.[1];
    expect(id).toBeDefined();
    // the text was bounded too: its marker names the same saved answer
    expect(content.map((block) => block.text ?? "").join("\n")).toContain(`correx read ${id}`);
    // the saved copy holds the note as the model read it (before: `id=tool_00000000000000000000000000`)
    const found = firstText(await connection.client.callTool({ name: "grep_output", arguments: { id, pattern: "was left out" } }));
    expect(found).toContain(`the whole answer is saved: read_output id=${id}]`);
    expect(found).not.toContain("tool_0000");
    await stillConnected(connection);
  }, 60_000);

  test("a tool result whose 2 MiB image fits the line passes with its image", async () => {
    const connection = await proxy();
    const bytes = 2 * 1024 * 1024;
    const result = await connection.client.callTool({ name: "echo", arguments: { text: "small shot", image_bytes: bytes } });
    const content = result.content as { type: string; data?: string }[];
    expect(content[1]!.type).toBe("image");
    expect(Buffer.from(content[1]!.data ?? "", "base64")).toHaveLength(bytes);
    expect(connection.stderr()).not.toMatch(/over the client's/);
  }, 60_000);

  test("an answer that fits the line passes as the server wrote it", async () => {
    const connection = await proxy();
    const bytes = 2 * 1024 * 1024;
    const read = await connection.client.readResource({ uri: `big://text/${bytes}` });
    expect((read.contents[0] as { text: string }).text).toHaveLength(bytes);
    expect(connection.stderr()).not.toMatch(/over the client's/);
    await stillConnected(connection);
  }, 60_000);
});
