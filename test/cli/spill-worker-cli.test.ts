// `correx bound` spilling all of a 12 MB log through the binary: past 8 MiB the spill worker writes and hashes it;
// the file is the input byte for byte, the record's sha256 is right, the line index serves `read --offset`.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, expect, test } from "vitest";
import { cleanEnv, runCorrex } from "../spill/run-binary.js";

const work = fs.mkdtempSync(path.join(tmpdir(), "correx-spill-worker-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

test("a 12 MB spill saved on the worker: identical bytes, right sha256, an index read seeks with", () => {
  const lines = Array.from({ length: 240_000 }, (_, index) => `2026-12-01T08:${String(index % 60).padStart(2, "0")} INFO [w-${index % 7}] request ${index} took ${(index * 7919) % 1000} ms`);
  const input = Buffer.from(`${lines.join("\n")}\n`);
  expect(input.length).toBeGreaterThan(12 * 1024 * 1024);
  const store = path.join(work, "store");
  const env = cleanEnv({ CORREX_SPILL_DIR: store });
  const result = runCorrex(["bound", "--for", "model", "--max-output", "2GiB"], { input, env });
  expect(result.status).toBe(0);
  const id = /tool_[0-9a-z]{26}/.exec(result.stdout)?.[0] ?? "";
  expect(fs.readFileSync(path.join(store, id)).equals(input)).toBe(true);
  const record = JSON.parse(fs.readFileSync(path.join(store, `${id}.json`), "utf8")) as { sha256: string; size: number };
  expect(record).toMatchObject({ size: input.length, sha256: createHash("sha256").update(input).digest("hex") });
  expect(fs.existsSync(path.join(store, `${id}.idx`))).toBe(true);
  const read = runCorrex(["read", id, "--offset", "150000", "--limit", "2", "--for", "model"], { env });
  expect(read.stdout).toContain(lines[149_999]);
  expect(read.stdout).toContain(lines[150_000]);
});
