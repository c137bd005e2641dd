// `correx proxy` and a tool result read as it arrives (a frame over 1 MiB) whose texts are over the budget and whose
// media alone are near the SDK client's 10 MiB line (a full-page screenshot beside a long log). Before, the streamed
// path bounded the texts and sent the media whole, unchecked: an 8 MiB image (10.7 MiB of base64) made a frame over
// the line, the client threw "ReadBuffer exceeded maximum size", closed its connection ("Connection closed"), and every
// later call failed "Not connected". Now the image is left out for a note naming the saved answer, as a result held
// whole is (oversized-call.ts), also past --max-output where the answer cannot be read back whole.
import { beforeAll, describe, expect, test } from "vitest";
import { assertBuilt } from "../run/cli-process.js";
import { firstText, proxiesToFlaky, type Connected } from "./mcp-client.js";

const proxy = proxiesToFlaky("correx-proxy-streamed-line-");

beforeAll(() => assertBuilt());

/** The result's content: its bounded text first, then the note in the image's place; the note's saved answer's id. */
async function screenshotWithLog(connection: Connected, bytes: number, imageBytes: number): Promise<{ content: { type: string; text?: string; data?: string }[]; id: string | undefined }> {
  const result = await connection.client.callTool({ name: "echo", arguments: { bytes, image_bytes: imageBytes } });
  const content = result.content as { type: string; text?: string; data?: string }[];
  const id = /^\[correx: this result's image image\/png \(8\.0 MiB\) was left out: the answer was \d+ bytes, over the client's 10 MiB line limit; the whole answer is saved: read_output id=(tool_\w+)\]$/.exec(content.at(-1)?.text ?? "")?.[1];
  return { content, id };
}

describe("correx proxy: a streamed result's media over the client's line", () => {
  test("200 KB of log and an 8 MiB image: the log bounded with its marker, the image a note naming the saved answer", async () => {
    const connection = await proxy();
    const { content, id } = await screenshotWithLog(connection, 200_000, 8 * 1024 * 1024);
    expect(content).toHaveLength(2);
    expect(content[0]!.text).toMatch(/^000000001 INFO worker-1 processed a batch of records\n/);
    expect(content[0]!.text).toContain("[full output: ");
    expect(id).toBeDefined();
    const page = await connection.client.callTool({ name: "read_output", arguments: { id, offset: 3000, limit: 1 } });
    expect(firstText(page)).toContain("000003000 INFO worker-");
    const after = await connection.client.callTool({ name: "echo", arguments: { text: "still connected" } });
    expect(after.content).toEqual([{ type: "text", text: "still connected" }]);
    expect(connection.errors).toEqual([]);
  }, 60_000);

  test("past --max-output (the answer cannot be read back whole): the image left out as it streamed, the same note", async () => {
    const connection = await proxy(["--max-output", "2MiB"]);
    const { content, id } = await screenshotWithLog(connection, 3_000_000, 8 * 1024 * 1024);
    expect(content).toHaveLength(2);
    expect(content[0]!.text).toMatch(/^000000001 INFO worker-1 processed a batch of records\n/);
    expect(id).toBeDefined();
    const after = await connection.client.callTool({ name: "echo", arguments: { text: "still connected" } });
    expect(after.content).toEqual([{ type: "text", text: "still connected" }]);
    expect(connection.errors).toEqual([]);
  }, 60_000);

  test("200 KB of log and a 6 MiB image, which fit the line: the log bounded, the image passed whole", async () => {
    const connection = await proxy();
    const result = await connection.client.callTool({ name: "echo", arguments: { bytes: 200_000, image_bytes: 6 * 1024 * 1024 } });
    const content = result.content as { type: string; text?: string; data?: string }[];
    expect(content.map((block) => block.type)).toEqual(["text", "image"]);
    expect(Buffer.from(content[1]!.data ?? "", "base64")).toHaveLength(6 * 1024 * 1024);
    expect(connection.stderr()).not.toMatch(/over the client's/);
  }, 60_000);
});
