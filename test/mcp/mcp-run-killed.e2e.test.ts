// `correx mcp` SIGKILLed while a `run` call's command runs (a client that ends its server so, `kill -9`): the
// command, in a process group of its own, is killed too by its watchdog (run/watchdog.ts), not left running for no one.
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt } from "../run/cli-process.js";
import { isWatched, killLeft, pollUntil, processesRunning, uniqueSleep } from "../run/orphans.js";
import { connectCorrex, temporaryDirectory, type Connected } from "./mcp-client.js";

let open: Connected[] = [];
beforeAll(() => assertBuilt());
afterEach(async () => {
  await Promise.all(open.map((connection) => connection.client.close().catch(() => undefined)));
  open = [];
});

describe.skipIf(process.platform !== "linux")("correx mcp killed with a call running", () => {
  test("a SIGKILL of the server takes the run tool's command with it", async () => {
    const sleep = uniqueSleep();
    const connection = await connectCorrex(["mcp", "--spill-dir", temporaryDirectory("correx-mcp-killed-")]);
    open.push(connection);
    const call = connection.client.callTool({ name: "run", arguments: { command: `echo started; ${sleep}` } }).catch((error: Error) => error);
    try {
      expect(await pollUntil(() => processesRunning(sleep).length > 0, 10_000)).toBe(true);
      expect(await pollUntil(() => isWatched(sleep), 5_000)).toBe(true);
      process.kill(connection.transport.pid!, "SIGKILL");
      expect(await call).toBeInstanceOf(Error);
      expect(await pollUntil(() => processesRunning(sleep).length === 0, 3_000)).toBe(true);
    } finally {
      killLeft(processesRunning(sleep));
    }
  });
});
