// `bound`, `run`, `read` and `ls` end the process as soon as their work is written (io.ts exitWhenWritten), not when
// Node's event loop has wound down: nothing they wrote may be lost to that. A slow reader on a non-blocking stdout
// (correx's writes meet EAGAIN and go through the stream) gets every byte, and the exit status is the command's.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, expect, test } from "vitest";
import { CORREX } from "./cli-process.js";

const dir = fs.mkdtempSync(path.join(tmpdir(), "correx-exit-written-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const lines = Array.from({ length: 40_000 }, (_, index) => `2026-11-01T17:02:${String(index % 60).padStart(2, "0")}Z INFO [worker-${index % 9}] request ${index} served in ${index % 997} ms`);
const input = path.join(dir, "input.log");
fs.writeFileSync(input, `${lines.join("\n")}\nERROR: the last request failed\n`);

/** What `args` write with stdout on a file (a blocking write, read back whole). */
function expectedOutput(args: string[]): { bytes: Buffer; code: number | null } {
  const file = path.join(dir, `expected-${args.join("-").replace(/\W+/g, "_")}`);
  const out = fs.openSync(file, "w");
  const result = spawnSync(process.execPath, [CORREX, ...args], { stdio: [fs.openSync(input, "r"), out, "pipe"] });
  fs.closeSync(out);
  return { bytes: fs.readFileSync(file), code: result.status };
}

/**
 * Runs `args` with stdout on a pipe made non-blocking, first read 300 ms after the start, then to its end. Python
 * makes the pipe: Node's child_process gives a child's stdio back its blocking mode (libuv), Python leaves it as set.
 */
const DRIVER = String.raw`
import os, subprocess, sys, time
r, w = os.pipe()
os.set_blocking(w, False)
p = subprocess.Popen(sys.argv[3:], stdin=open(sys.argv[1], 'rb'), stdout=w)
os.close(w)
time.sleep(0.3)
with open(sys.argv[2], 'wb') as out:
    while True:
        chunk = os.read(r, 65536)
        if not chunk:
            break
        out.write(chunk)
print(p.wait())
`;
const python = spawnSync("python3", ["-c", "pass"]).status === 0;

function throughSlowReader(args: string[]): { bytes: Buffer; code: number | null } {
  const driver = path.join(dir, "driver.py");
  fs.writeFileSync(driver, DRIVER);
  const received = path.join(dir, "received");
  const run = spawnSync("python3", [driver, input, received, process.execPath, CORREX, ...args], { env: { ...process.env, NO_COLOR: "1" } });
  return { bytes: fs.readFileSync(received), code: Number(run.stdout.toString().trim()) };
}

test.skipIf(!python)("bound: an output larger than the pipe holds reaches a slow reader whole", () => {
  const args = ["bound", "--no-spill", "--max-bytes", "1MiB"];
  const expected = expectedOutput(args);
  expect(expected.bytes.length).toBeGreaterThan(128 * 1024); // twice what a pipe holds (64 KiB on Linux)
  const got = throughSlowReader(args);
  expect(got.code).toBe(0);
  expect(got.bytes.equals(expected.bytes)).toBe(true);
});

test.skipIf(!python)("run: the command's output and its exit status, through a slow reader", () => {
  const args = ["run", "--no-spill", "--max-bytes", "1MiB", "--", "sh", "-c", `cat '${input}'; exit 3`];
  const expected = expectedOutput(args);
  expect(expected.code).toBe(3);
  expect(expected.bytes.length).toBeGreaterThan(128 * 1024);
  const got = throughSlowReader(args);
  expect(got.code).toBe(3);
  expect(got.bytes.equals(expected.bytes)).toBe(true);
});

test.skipIf(!python)("read: a page larger than the pipe holds reaches a slow reader whole", () => {
  const store = path.join(dir, "store");
  const saved = spawnSync(process.execPath, [CORREX, "bound", "--spill-dir", store], { stdio: [fs.openSync(input, "r"), "ignore", "pipe"] });
  expect(saved.status).toBe(0);
  const listed = spawnSync(process.execPath, [CORREX, "ls", "--spill-dir", store, "--format", "json"], { encoding: "utf8" });
  const { outputs } = JSON.parse(listed.stdout) as { outputs: { id: string }[] };
  expect(outputs).toHaveLength(1);
  const id = outputs[0]!.id;
  const args = ["read", id, "--spill-dir", store, "--limit", "5000", "--max-bytes", "1MiB"];
  const expected = expectedOutput(args);
  expect(expected.bytes.length).toBeGreaterThan(128 * 1024);
  const got = throughSlowReader(args);
  expect(got.code).toBe(0);
  expect(got.bytes.equals(expected.bytes)).toBe(true);
});
