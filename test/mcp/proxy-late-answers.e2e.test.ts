// `correx proxy` when the server answers a call the client no longer waits for: cancelled by the client, or answered
// by the proxy on --request-timeout. The late answer is dropped (said on stderr): passed on, it was a second answer
// to one id, and unbounded; a large one (over the 10 MiB line the SDK client reads) closed the client's connection.
import { beforeAll, describe, expect, test } from "vitest";
import { assertBuilt } from "../run/cli-process.js";
import { proxiesToFlaky } from "./mcp-client.js";

/** Over the SDK client's 10 MiB read buffer (shared/stdio.js STDIO_DEFAULT_MAX_BUFFER_SIZE). */
const LARGE = 12 * 1024 * 1024;
const proxyTo = proxiesToFlaky("correx-proxy-late-");

beforeAll(() => assertBuilt());

async function waitFor(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not in time: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("correx proxy: a late answer to a call the client no longer waits for", () => {
  test("a cancelled call whose server answers anyway with 12 MiB: dropped, and the connection goes on", async () => {
    const connection = await proxyTo();
    const { client } = connection;
    const cancel = new AbortController();
    const call = client.callTool({ name: "echo", arguments: { bytes: LARGE, after_ms: 1000 } }, undefined, { signal: cancel.signal });
    setTimeout(() => cancel.abort("the user pressed Esc"), 50);
    await expect(call).rejects.toThrow(/the user pressed Esc/);
    await waitFor(() => connection.stderr().includes("was dropped") || connection.errors.length > 0, "the answer dropped, or seen by the client");
    // before: "ReadBuffer exceeded maximum size of 10485760 bytes", and the SDK client closed the connection
    expect(connection.errors).toEqual([]);
    expect(connection.stderr()).toMatch(/correx proxy: the server answered request \d+ after the client cancelled it: its answer was dropped/);
    const after = await client.callTool({ name: "echo", arguments: { text: "still connected" } });
    expect(after.content).toEqual([{ type: "text", text: "still connected" }]);
    expect(connection.errors).toEqual([]);
  });

  test("a call --request-timeout answered: the server's late answer is not a second answer to its id", async () => {
    // 3 s: the server must answer initialize within it on a loaded machine (200 ms did not always do)
    const connection = await proxyTo(["--request-timeout", "3s"]);
    const { client } = connection;
    await expect(client.callTool({ name: "echo", arguments: { text: "late", after_ms: 4000 } })).rejects.toThrow(/did not answer tools\/call within 3 s/);
    await waitFor(() => connection.stderr().includes("was dropped") || connection.errors.length > 0, "the answer dropped, or seen by the client");
    // before: "Received a response for an unknown message ID"
    expect(connection.errors).toEqual([]);
    expect(connection.stderr()).toMatch(/the server answered request \d+ after the proxy answered it when it timed out: its answer \(\d+ bytes\) was dropped/);
    const after = await client.callTool({ name: "echo", arguments: { text: "on time" } });
    expect(after.content).toEqual([{ type: "text", text: "on time" }]);
  });
});
