// `correx mcp` end to end: the SDK's own Client over stdio against the built binary.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { isGroupAlive } from "../../src/run/process-group.js";
import { renderLine } from "../../src/text/render-line.js";
import { splitFileLines } from "../../src/tools/read-page.js";
import { assertBuilt, waitForFile } from "../run/cli-process.js";
import { isProcessGone } from "../run/run-fixture.js";
import { connectCorrex, firstText, ROOT, temporaryDirectory, type Connected } from "./mcp-client.js";

const FAILING_BUILD = join(ROOT, "test", "fixtures", "tsc-failing-build.txt");
const SPAWN_GRANDCHILD = join(ROOT, "test", "fixtures", "bin", "spawn-grandchild");
const MAX_BYTES = 6000;

let open: Connected | undefined;
let spill = "";

beforeAll(() => assertBuilt());
afterEach(async () => {
  await open?.client.close();
  open = undefined;
});

async function start(args: string[] = []): Promise<Connected> {
  spill = join(temporaryDirectory("correx-mcp-"), "spill");
  open = await connectCorrex(["mcp", "--max-bytes", String(MAX_BYTES), "--spill-dir", spill, ...args]);
  return open;
}

/** The recorded failing build, replayed by a command that fails as the build did. */
const failingBuild = { command: `cat '${FAILING_BUILD}'; exit 2` };

describe("tools/list", () => {
  test("run, read_output and grep_output, each with an outputSchema and a description that explains the marker", async () => {
    const { client } = await start();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["run", "read_output", "grep_output"]);
    for (const tool of tools) expect(tool.outputSchema?.type).toBe("object");
    expect(tools[0]!.description).toMatch(/marker/);
    expect(tools[0]!.description).toMatch(/read_output/);
  });
});

describe("run", () => {
  test("a failing build: bounded to --max-bytes, the error at the end kept, isError, the exit code, the full output saved", async () => {
    const { client, errors } = await start();
    const result = await client.callTool({ name: "run", arguments: failingBuild });
    const text = firstText(result);
    expect(result.isError).toBe(true);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_BYTES);
    expect(text).toContain("error TS2322");
    expect(text).toMatch(/Command exited with code 2\.\n$/);
    const facts = result.structuredContent as Record<string, unknown>;
    expect(facts).toMatchObject({ exit_code: 2, signal: null, timed_out: false, truncated: true, total_bytes: readFileSync(FAILING_BUILD).length });
    expect(readFileSync(String(facts.output_path))).toEqual(readFileSync(FAILING_BUILD));
    expect(text).toContain(`${facts.output_id}`);
    expect(errors).toEqual([]);
  });

  test("read_output pages the saved output to its end: the pages together are every line, next_offset says where to go on", async () => {
    const { client } = await start();
    const run = await client.callTool({ name: "run", arguments: failingBuild });
    const id = (run.structuredContent as { output_id: string }).output_id;
    const seen: string[] = [];
    let offset: number | undefined = 1;
    while (offset !== undefined) {
      const page = await client.callTool({ name: "read_output", arguments: { id, offset, limit: 300 } });
      const text = firstText(page);
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_BYTES);
      for (const line of text.split("\n")) {
        const numbered = /^(\d+): (.*)$/s.exec(line);
        if (numbered) seen.push(numbered[2]!);
      }
      const facts = page.structuredContent as { next_offset?: number; from_line: number; to_line: number };
      expect(facts.from_line).toBe(offset);
      if (facts.next_offset !== undefined) expect(text).toContain(`Use offset=${facts.next_offset} to continue.`);
      else expect(text).toMatch(/\(End of file - total \d+ lines\)$/);
      offset = facts.next_offset;
    }
    const expected = splitFileLines(readFileSync(FAILING_BUILD, "utf8")).map((line) => renderLine(line, { stripAnsi: true, collapse: true }));
    expect(seen).toEqual(expected);
  });

  test("grep_output finds the error with its line number and context lines, in one output or across the newest", async () => {
    const { client } = await start();
    const run = await client.callTool({ name: "run", arguments: failingBuild });
    const id = (run.structuredContent as { output_id: string }).output_id;
    const lines = splitFileLines(readFileSync(FAILING_BUILD, "utf8"));
    const errorLine = lines.findIndex((line) => line.includes("error") && line.includes("TS2322")) + 1;
    const found = await client.callTool({ name: "grep_output", arguments: { id, pattern: "TS2322", context: 1 } });
    const text = firstText(found);
    expect(text).toMatch(/^Found 1 match\n/);
    expect(text).toContain(`Line ${errorLine}: `);
    expect(text).toContain(`Line ${errorLine - 1}- `);
    expect(text).toContain(`Line ${errorLine + 1}- `);
    expect(found.structuredContent).toEqual({ total_matches: 1, outputs: [{ id, total_matches: 1, total_lines: lines.length, lines: [errorLine] }], text });
    const everywhere = await client.callTool({ name: "grep_output", arguments: { pattern: "ts2322", ignore_case: true } });
    expect(firstText(everywhere)).toContain(id);
    expect((everywhere.structuredContent as { total_matches: number }).total_matches).toBe(1);
    // A pattern that does not compile names the tool's own option for a literal, not the CLI's -F.
    const invalid = await client.callTool({ name: "grep_output", arguments: { id, pattern: "foo(" } });
    expect(invalid.isError).toBe(true);
    expect(firstText(invalid)).toContain("or a literal string with fixed_strings: true:");
  });

  test("a missing output says why, as a tool error", async () => {
    const { client } = await start();
    const result = await client.callTool({ name: "read_output", arguments: { id: "tool_01m8qy5y434hqvnf7w6tswra1a" } });
    expect(result.isError).toBe(true);
    expect(firstText(result)).toMatch(/never stored here|no stored output/);
  });

  test("argv without a shell, cwd and env are the command's", async () => {
    const { client } = await start();
    const cwd = temporaryDirectory("correx-mcp-cwd-");
    const result = await client.callTool({ name: "run", arguments: { argv: ["sh", "-c", 'echo "$PWD $GREETING"'], cwd, env: { GREETING: "hello there" } } });
    expect(result.isError).toBeFalsy();
    expect(firstText(result)).toBe(`${cwd} hello there\n\nCommand exited with code 0.\n`);
    expect(result.structuredContent).toMatchObject({ exit_code: 0, truncated: false });
  });

  test("a background job started as the description says (its output redirected) leaves the call to end at once", async () => {
    const { client } = await start();
    const { tools } = await client.listTools();
    expect(tools[0]!.description).toMatch(/redirect it to a file to read it later \(`npm run dev > dev\.log 2>&1 &`\)/);
    const result = await client.callTool({ name: "run", arguments: { command: "sleep 30 > /dev/null 2>&1 & echo \"job $!\"" } });
    const job = Number(/job (\d+)/.exec(firstText(result))?.[1]);
    expect(job).toBeGreaterThan(0);
    expect(result.structuredContent).not.toHaveProperty("output_held_ms");
    process.kill(job); // the job outlives the call, as it would a shell's
  });

  test("a job left holding the output (`server &`) runs on; the call ends with the command and says the output is no longer read", async () => {
    // It kept the call open as long as it ran (QA: a server started so never answered).
    const { client } = await start();
    const result = await client.callTool({ name: "run", arguments: { command: "sleep 300 & echo \"job $!\"; exit 4" } });
    const job = Number(/job (\d+)/.exec(firstText(result))?.[1]);
    try {
      expect(job).toBeGreaterThan(0);
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({ exit_code: 4, timed_out: false, output_held_ms: 2000 });
      expect(firstText(result)).toMatch(/Command exited with code 4\.\nA background process it started still runs and holds the output: correx stopped reading 2000 ms after the command exited/);
      expect(isProcessGone(job)).toBe(false);
    } finally {
      if (job > 0) process.kill(job);
    }
  });

  test("a timeout stops the command and says so", async () => {
    const { client } = await start();
    const result = await client.callTool({ name: "run", arguments: { argv: ["sleep", "30"], timeout_ms: 200 } });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ timed_out: true });
    expect(firstText(result)).toContain("Command exceeded timeout of 200 ms");
  });

  test("bad arguments are a tool error the model can read", async () => {
    const { client } = await start();
    const result = await client.callTool({ name: "run", arguments: { command: "true", argv: ["true"] } });
    expect(result.isError).toBe(true);
    expect(firstText(result)).toMatch(/either command .* or argv/);
  });

  test("a long run sends progress notifications to a client that asked (the command waits for the first one)", async () => {
    const { client } = await start();
    const flag = join(temporaryDirectory("correx-mcp-progress-"), "seen");
    const reports: { progress: number; message?: string }[] = [];
    const result = await client.callTool(
      { name: "run", arguments: { command: `echo working; while [ ! -e '${flag}' ]; do sleep 0.05; done; echo done` } },
      undefined,
      { onprogress: (report) => { reports.push(report); writeFileSync(flag, ""); }, timeout: 30_000 },
    );
    expect(firstText(result)).toBe("working\ndone\n\nCommand exited with code 0.\n");
    expect(reports.length).toBeGreaterThan(0);
    expect(reports[0]!.message).toMatch(/^\[\d+\.\ds .*\] working$/);
  });

  test("cancelling a run kills its whole process group, grandchildren included", async () => {
    const { client } = await start();
    const ready = join(temporaryDirectory("correx-mcp-cancel-"), "pids");
    const controller = new AbortController();
    const call = client.callTool({ name: "run", arguments: { command: `echo $$ > '${ready}.tmp'; '${SPAWN_GRANDCHILD}' >> '${ready}.tmp'; ` } }, undefined, { signal: controller.signal });
    void call.catch(() => undefined);
    await waitForFile(`${ready}.tmp`);
    await waitForLines(`${ready}.tmp`, 2);
    const [group, grandchild] = readFileSync(`${ready}.tmp`, "utf8").trim().split("\n").map(Number);
    expect(isGroupAlive(group!)).toBe(true);
    controller.abort();
    await expect(call).rejects.toThrow();
    await waitUntil(() => !isGroupAlive(group!), "the process group to end");
    expect(processExists(grandchild!)).toBe(false);
  });
});

describe("structuredContent for clients that show the model only that (Codex CLI, Claude Code)", () => {
  /** What such a client gives the model: structuredContent serialized. */
  const seen = (result: unknown): string => JSON.stringify((result as { structuredContent: unknown }).structuredContent);

  test("run, read_output and grep_output repeat their text in it, and the object serialized holds the budget", async () => {
    const { client } = await start();
    // quotes, backslashes and tabs: JSON's escaping makes the object larger than the text
    const noisy = { command: `for i in $(seq 1 3000); do printf 'line %d "quoted" \\\\path\\\\to\tfile\n' $i; done; echo 'error: "boom" at \\\\x.c:1'; exit 1` };
    const ran = await client.callTool({ name: "run", arguments: noisy });
    const facts = ran.structuredContent as Record<string, unknown>;
    expect(facts.text).toBe(firstText(ran));
    expect(facts.truncated).toBe(true);
    expect(firstText(ran)).toContain('error: "boom" at \\x.c:1');
    expect(Buffer.byteLength(seen(ran))).toBeLessThanOrEqual(MAX_BYTES);
    expect(Buffer.byteLength(seen(ran))).toBeGreaterThan(MAX_BYTES * 0.8);
    const id = String(facts.output_id);
    const page = await client.callTool({ name: "read_output", arguments: { id, offset: 1, limit: 5000 } });
    expect((page.structuredContent as Record<string, unknown>).text).toBe(firstText(page));
    expect(Buffer.byteLength(seen(page))).toBeLessThanOrEqual(MAX_BYTES);
    expect(Buffer.byteLength(seen(page))).toBeGreaterThan(MAX_BYTES * 0.8);
    const found = await client.callTool({ name: "grep_output", arguments: { id, pattern: "quoted", max_matches: 1000, context: 0 } });
    expect((found.structuredContent as Record<string, unknown>).text).toBe(firstText(found));
    expect(firstText(found)).toMatch(/^Found 3000 matches/);
    expect(Buffer.byteLength(seen(found))).toBeLessThanOrEqual(MAX_BYTES);
  });

  test("a command that cannot start: exit_code is the status its text gives (127)", async () => {
    const { client } = await start();
    const result = await client.callTool({ name: "run", arguments: { argv: ["/nonexistent/correx-no-such-program"] } });
    expect(firstText(result)).toContain("Command exited with code 127.");
    expect(result.structuredContent).toMatchObject({ exit_code: 127, signal: null });
  });
});

describe("a client that is gone", () => {
  test("killed with a call running (no progress asked): the server stops the command's group and exits", async () => {
    const dir = temporaryDirectory("correx-mcp-gone-");
    const pids = join(dir, "pids");
    // The client: starts the server on pipes, calls run and waits; it is then killed, and nothing reads the answer.
    const script = `
      const { spawn } = require("node:child_process");
      const server = spawn(process.execPath, [${JSON.stringify(join(ROOT, "bin", "correx"))}, "mcp", "--spill-dir", ${JSON.stringify(join(dir, "spill"))}], { stdio: ["pipe", "pipe", "ignore"] });
      require("node:fs").writeFileSync(${JSON.stringify(`${pids}.server`)}, String(server.pid));
      server.stdout.resume();
      const send = (frame) => server.stdin.write(JSON.stringify({ jsonrpc: "2.0", ...frame }) + "\\n");
      send({ id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
      send({ method: "notifications/initialized" });
      send({ id: 1, method: "tools/call", params: { name: "run", arguments: { command: "echo $$ > '${pids}.tmp'; sleep 600" } } });
      setInterval(() => {}, 1000);`;
    const { spawn } = await import("node:child_process");
    const clientProcess = spawn(process.execPath, ["-e", script], { stdio: "ignore" });
    await waitForFile(`${pids}.tmp`);
    await waitForLines(`${pids}.tmp`, 1);
    const group = Number(readFileSync(`${pids}.tmp`, "utf8").trim());
    const server = Number(readFileSync(`${pids}.server`, "utf8").trim());
    expect(group).toBeGreaterThan(1);
    expect(server).toBeGreaterThan(1);
    expect(isGroupAlive(group)).toBe(true);
    clientProcess.kill("SIGKILL");
    // 30 s: once in a loaded full run (CI, 2 cores) the group outlived 15 s; the message says where the server was
    const serverState = (): string => (existsSync(`/proc/${server}/stat`) ? readFileSync(`/proc/${server}/stat`, "latin1").split(" ").slice(0, 5).join(" ") : "gone");
    await waitUntil(() => !isGroupAlive(group), "the command's group to end", 30_000, serverState);
    await waitUntil(() => !processExists(server), "the server to exit");
  });
});

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, "latin1") : "";
  return !/\) [ZX] /.test(stat);
}

/**
 * Waits for `count` whole lines (each ended by its newline): a file the shell has just created (`> file`) is empty until
 * its `echo` writes, and an empty line read as a pid is 0 — a "group" that always has live members (kernel threads).
 */
async function waitForLines(path: string, count: number): Promise<void> {
  await waitUntil(() => existsSync(path) && readFileSync(path, "utf8").split("\n").length - 1 >= count, `${count} lines in ${path}`);
}

async function waitUntil(condition: () => boolean, what: string, timeoutMs = 15_000, state?: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}${state ? ` (server: ${state()})` : ""}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
