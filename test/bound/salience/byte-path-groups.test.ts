// The byte path (lines that left the tail ring, found by needle): a hit right under the error line that opened a
// group, and not a continuation of it (a traceback's header), is scored on its own, not swallowed by the group's close.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { logPadding } from "./log-padding.js";

const CORREX = fileURLToPath(new URL("../../../bin/correx", import.meta.url));
const FIXTURE = fileURLToPath(new URL("../../fixtures/salience/python-batch-traceback.txt", import.meta.url));

describe("salience's byte path keeps a traceback under its error line", () => {
  const input = Buffer.concat([readFileSync(FIXTURE), Buffer.from(logPadding())]);
  test.each([51200, 4096])("at %i bytes", (bytes) => {
    const result = spawnSync(process.execPath, [CORREX, "bound", "--for", "model", "--no-spill", "--max-bytes", String(bytes)], { input, maxBuffer: 1 << 26 });
    expect(result.status).toBe(0);
    const out = result.stdout.toString("utf8");
    expect(out).toContain("L732: 2026-12-01 04:34:33,412 ERROR importer: could not import record 731");
    expect(out).toContain("L733: Traceback (most recent call last):");
    expect(out).toMatch(/L737: {3}File ".*batch_job\.py", line 10, in normalize/);
    expect(out).toContain("KeyError: 'price'");
  });
});
