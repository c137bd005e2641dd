// A Bash output Claude Code saved to a file may hold 64 MB (it copies up to that much): the PostToolUse hook streams
// that file through one bounding session in pieces, as `bound` streams its input, so its memory does not grow with
// the file (read whole as one string, 64 MB of log lines took the hook to 379 MiB of peak RSS).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { runCorrex } from "../run/cli-process.js";

const dir = mkdtempSync(join(tmpdir(), "correx-hook-64mb-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test.skipIf(process.platform !== "linux")("a 64 MB output Claude Code saved is bounded from the whole file in flat memory, its error in the middle kept", async () => {
  const line = (index: number): string => `2026-12-03T10:${String(index % 60).padStart(2, "0")}:00Z INFO worker-${index % 7} handled job ${index} in ${index % 97} ms\n`;
  const pieces: string[] = [];
  let size = 0;
  for (let index = 1; size < 64 * 1024 * 1024; index++) {
    const text = index === 400_000 ? "2026-12-03T10:40:00Z ERROR worker-3 job 400000 failed: ECONNRESET reading from shard-12\n" : line(index);
    pieces.push(text);
    size += text.length;
  }
  const file = join(dir, "persisted.txt");
  writeFileSync(file, pieces.join(""));
  pieces.length = 0;
  const head = readFileSync(file, "latin1").slice(0, 30000);
  const event = {
    session_id: "s", transcript_path: "/tmp/t.jsonl", cwd: dir, hook_event_name: "PostToolUse", tool_name: "Bash",
    tool_input: { command: "cd workers; ./replay-all.sh" }, tool_use_id: "toolu_1",
    tool_response: { stdout: head, stderr: "", interrupted: false, isImage: false, persistedOutputPath: file, persistedOutputSize: size },
  };
  const finished = await runCorrex(["hook", "claude-code", "--spill-dir", join(dir, "store")], { input: JSON.stringify(event), sampleMemory: true });
  expect(finished.code).toBe(0);
  const output = (JSON.parse(finished.stdout.toString("utf8")) as { hookSpecificOutput: { updatedToolOutput: { stdout: string } } }).hookSpecificOutput.updatedToolOutput;
  expect(output.stdout).toContain("ERROR worker-3 job 400000 failed: ECONNRESET reading from shard-12");
  expect(Buffer.byteLength(output.stdout)).toBeLessThanOrEqual(30000);
  // ~60 MiB is what any bounding of a stream costs here (bench/README.md); the file whole as a string cost 379 MiB
  expect(finished.peakKiB).toBeDefined();
  expect(finished.peakKiB!).toBeLessThan(160 * 1024);
}, 60_000);
