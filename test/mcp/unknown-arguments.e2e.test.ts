// An argument a tool's input schema does not have (additionalProperties: false) is refused, not dropped: a model's
// `timeout: 30` for run (whose argument is timeout_ms) was ignored, and the command ran with no limit at all. And a
// cwd that does not exist is said in words the model can act on (it named the CLI's --cwd).
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt } from "../run/cli-process.js";
import { connectCorrex, firstText, proxiesToFlaky, temporaryDirectory, type Connected } from "./mcp-client.js";

let open: Connected | undefined;

beforeAll(() => assertBuilt());
afterEach(async () => {
  await open?.client.close();
  open = undefined;
});

describe("correx mcp", () => {
  test("run with timeout (not timeout_ms) is an error naming the arguments run takes, and runs nothing", async () => {
    open = await connectCorrex(["mcp", "--spill-dir", `${temporaryDirectory("correx-args-")}/store`]);
    const result = await open.client.callTool({ name: "run", arguments: { command: "echo ran", timeout: 30 } });
    expect(result.isError).toBe(true);
    expect(firstText(result)).toBe('invalid arguments for run: unknown argument "timeout" (run takes command, argv, cwd, timeout_ms, env)');
    const known = await open.client.callTool({ name: "run", arguments: { command: "echo ran", timeout_ms: 30_000 } });
    expect(firstText(known)).toBe("ran\n\nCommand exited with code 0.\n");
  });

  test("run with a cwd that does not exist says so without the CLI's --cwd, an argument the model does not have", async () => {
    const dir = temporaryDirectory("correx-args-");
    open = await connectCorrex(["mcp", "--spill-dir", `${dir}/store`]);
    const result = await open.client.callTool({ name: "run", arguments: { command: "echo ran", cwd: `${dir}/missing` } });
    expect(result.isError).toBe(true);
    expect(firstText(result)).toBe(`${dir}/missing: no such directory (the working directory it was to run in)\n\nCommand exited with code 127.\n`);
  });

  test("read_output with two unknown arguments names both", async () => {
    open = await connectCorrex(["mcp", "--spill-dir", `${temporaryDirectory("correx-args-")}/store`]);
    const result = await open.client.callTool({ name: "read_output", arguments: { id: "last", start: 5, count: 10 } });
    expect(result.isError).toBe(true);
    expect(firstText(result)).toBe('invalid arguments for read_output: unknown arguments "start", "count" (read_output takes id, offset, limit, byte_offset)');
  });
});

describe("correx proxy's read_output and grep_output", () => {
  const proxy = proxiesToFlaky("correx-args-");

  test("an argument their schemas do not have is refused, naming the arguments each takes", async () => {
    const { client } = await proxy();
    const read = await client.callTool({ name: "read_output", arguments: { id: "last", start: 5 } });
    expect(read.isError).toBe(true);
    expect(firstText(read)).toBe('invalid arguments for read_output: unknown argument "start" (read_output takes id, offset, limit, byte_offset)');
    const grep = await client.callTool({ name: "grep_output", arguments: { pattern: "x", regex: true } });
    expect(grep.isError).toBe(true);
    expect(firstText(grep)).toBe('invalid arguments for grep_output: unknown argument "regex" (grep_output takes pattern, id, ignore_case, fixed_strings, context, max_matches)');
  });
});
