// `correx proxy` when the server answers a call the client no longer waits for: cancelled by the client, or answered
// by the proxy on --request-timeout. The late answer is dropped (said on stderr): passed on, it was a second answer
// to one id, and unbounded; a large one (over the 10 MiB line the SDK client reads) closed the client's connection.
// The server's progress for such a call is dropped too: the SDK client reported each notification as an error.
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { assertBuilt } from "../run/cli-process.js";
import { connectCorrex, proxiesToFlaky, ROOT, temporaryDirectory } from "./mcp-client.js";

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
    // the echo answers at 4 s, after the proxy did at 3 s
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

describe("correx proxy: progress for a call the client no longer waits for", () => {
  // server-everything's long-running operation goes on reporting progress after it was cancelled
  const EVERYTHING = join(ROOT, "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js");

  test("after the client cancelled it, and after --request-timeout answered it: dropped, said once on stderr", async () => {
    const spill = join(temporaryDirectory("correx-proxy-late-"), "spill");
    const connection = await connectCorrex(["proxy", "--spill-dir", spill, "--request-timeout", "3s", "--", process.execPath, EVERYTHING, "stdio"]);
    const { client } = connection;
    try {
      const reports: unknown[] = [];
      const cancel = new AbortController();
      const cancelled = client.callTool({ name: "trigger-long-running-operation", arguments: { duration: 2, steps: 2 } }, undefined, { signal: cancel.signal, onprogress: (report) => reports.push(report) });
      cancel.abort("the user pressed Esc");
      await expect(cancelled).rejects.toThrow(/the user pressed Esc/);
      // progress at 1 s and 2 s; before, each was "Received a progress notification for an unknown token"
      await waitFor(() => connection.stderr().includes("progress for token") || connection.errors.length > 0, "the progress dropped, or seen by the client");
      expect(connection.errors).toEqual([]);
      expect(connection.stderr()).toMatch(/correx proxy: the server sent progress for token \d+ after the client cancelled it: dropped, and any more for it/);
      // no progress within the 3 s (a report restarts the clock): the proxy answers at 3 s, the server reports at 4 s
      const timedOut = client.callTool({ name: "trigger-long-running-operation", arguments: { duration: 8, steps: 2 } }, undefined, { onprogress: (report) => reports.push(report) });
      await expect(timedOut).rejects.toThrow(/did not answer tools\/call within 3 s/);
      await waitFor(() => connection.stderr().includes("after the proxy answered it when it timed out: dropped") || connection.errors.length > 0, "the progress dropped, or seen by the client");
      expect(connection.errors).toEqual([]);
      expect(reports).toEqual([]);
      const after = await client.callTool({ name: "get-sum", arguments: { a: 1, b: 2 } });
      expect(after.content).toEqual([{ type: "text", text: "The sum of 1 and 2 is 3." }]);
      expect(connection.stderr().match(/sent progress for token/g)).toHaveLength(2);
    } finally {
      await client.close();
    }
  });
});
