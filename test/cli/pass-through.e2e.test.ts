// `correx bound` alone, through the pass-through bin/correx runs before the bundle (cli/pass-through.ts): what it
// reads of an input it does not pass through reaches the bundle first (a pipe still being written, an input over its
// limit, a file), and it stands aside wherever a config file or a store variable could change the output or warn.
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { CORREX, pipeHolding } from "./cli-process.js";

const dir = fs.mkdtempSync(path.join(tmpdir(), "correx-pass-through-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const ENV = { ...process.env, CORREX_SPILL_DIR: path.join(dir, "store"), XDG_CONFIG_HOME: path.join(dir, "no-config"), CORREX_MAX_AGE: undefined, CORREX_QUOTA: undefined, CORREX_MAX_OUTPUT: undefined };

/** `correx ARGS` with `stdin` (a descriptor) and stdout a pipe: its stdout, stderr and status. */
function correx(args: string[], stdin: number, env: NodeJS.ProcessEnv = ENV): { stdout: string; stderr: string; status: number | null } {
  const result = spawnSync(process.execPath, [CORREX, ...args], { encoding: "utf8", stdio: [stdin, "pipe", "pipe"], env });
  fs.closeSync(stdin);
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

const numbered = (count: number): string => Array.from({ length: count }, (_, index) => `line ${index + 1}`).join("\n") + "\n";

/** True once process `pid` waits in the event loop (epoll_wait or epoll_pwait: x86-64 232 and 281, arm64 22). */
function waitsInEventLoop(pid: number): boolean {
  try {
    const call = fs.readFileSync(`/proc/${pid}/syscall`, "utf8").split(" ")[0];
    return call === "232" || call === "281" || (process.arch === "arm64" && call === "22");
  } catch {
    return false;
  }
}

describe("pass-through", () => {
  test("a pipe still being written: what was read before the bundle ran comes first, the rest after", async () => {
    const { reader, writer } = pipeHolding(dir, "first\n", true);
    const child = spawn(process.execPath, [CORREX, "bound"], { stdio: [reader, "pipe", "pipe"], env: ENV });
    fs.closeSync(reader);
    let stdout = "";
    child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    // the pass-through has read "first\n" and found the pipe open; the bundle waits for more
    for (let tries = 0; !waitsInEventLoop(child.pid!); tries += 1) {
      if (tries > 1000) throw new Error("correx never waited for input");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    fs.writeSync(writer!, "second\n");
    fs.closeSync(writer!);
    expect(await exited).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(stdout).toBe("first\nsecond\n");
  });

  test("an input over its limit: the bytes it read and the rest make the same output as with a flag (no pass-through)", () => {
    const input = numbered(3000); // 32 KiB, 3,000 lines: cut
    const handed = correx(["bound"], pipeHolding(dir, input).reader);
    const whole = correx(["bound", "--max-lines", "2000"], pipeHolding(dir, input).reader);
    expect(handed.status).toBe(0);
    expect(handed.stdout.replace(/tool_\w+/g, "ID")).toBe(whole.stdout.replace(/tool_\w+/g, "ID"));
    expect(handed.stdout).toContain("line 3000\n");
    expect(handed.stdout.split("\n").length).toBeLessThan(2002);
  });

  test("stdin a file: passed through when plain, read by the bundle from where it stopped otherwise", () => {
    const plain = path.join(dir, "plain.txt");
    fs.writeFileSync(plain, "hi\n");
    expect(correx(["bound"], fs.openSync(plain, "r")).stdout).toBe("hi\n");
    const colored = path.join(dir, "colored.txt");
    fs.writeFileSync(colored, "\x1b[1mhi\x1b[0m\nthere\n");
    expect(correx(["bound"], fs.openSync(colored, "r")).stdout).toBe("hi\nthere\n");
    const big = path.join(dir, "big.txt");
    fs.writeFileSync(big, numbered(1500)); // over the pass-through's size: it reads none of it
    expect(correx(["bound"], fs.openSync(big, "r")).stdout).toBe(numbered(1500));
  });

  test("a config file, or a store variable, leaves the input to the bundle: its budget applies, its warning is said", () => {
    const config = path.join(dir, "config");
    fs.mkdirSync(path.join(config, "correx"), { recursive: true });
    fs.writeFileSync(path.join(config, "correx", "config.json"), JSON.stringify({ maxLines: 3 }));
    const budgeted = correx(["bound"], pipeHolding(dir, numbered(10)).reader, { ...ENV, XDG_CONFIG_HOME: config });
    expect(budgeted.stdout.split("\n").length - 1).toBe(3);
    const warned = correx(["bound"], pipeHolding(dir, "hi\n").reader, { ...ENV, CORREX_MAX_AGE: "soon" });
    expect(warned.stdout).toBe("hi\n");
    expect(warned.stderr).toContain("CORREX_MAX_AGE");
  });
});
