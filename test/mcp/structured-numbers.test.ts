// boundStructured measures a value as it is written: a number kept as its source text (`1.000000000000`, a big
// integer: SPEC §2) counts its source text's bytes. Before, it was measured as JSON.stringify writes the double (`1`),
// so 3,000 rows of such numbers cut "to" 4,000 bytes were written as 6,144 by the proxy, and `correx bound --to mcp`
// refused every budget with a smallest one that did not work either (4,000 named 4,146, which named 4,338, …).
import { describe, expect, test } from "vitest";
import { boundStructured } from "../../src/mcp/structured-bound.js";
import { parseJsonKeepingNumbers, stringifyJson } from "../../src/normalize/lossless-json.js";
import { runCli } from "../cli/cli-process.js";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const none = new Set<string>();
const rows = Array.from({ length: 3000 }, (_, index) => `{"i":${index},"v":1.000000000000,"w":2.500000000000,"id":12345678901234567890}`).join(",");
const source = `{"rows":[${rows}]}`;

describe("structured content with numbers kept as written", () => {
  test.each([3000, 4000, 6000])("boundStructured at %i bytes: within the budget as written", (maxBytes) => {
    const value = parseJsonKeepingNumbers(source);
    const { value: cut } = boundStructured(value, { maxBytes, where: "full result: read_output id=tool_x", media: none, dropped: none });
    const written = stringifyJson(cut);
    expect(Buffer.byteLength(written)).toBeLessThanOrEqual(maxBytes);
    expect(written).toContain('{"i":0,"v":1.000000000000,"w":2.500000000000,"id":12345678901234567890}');
  });

  test.each([["--to", "mcp"], ["--format", "json"]])("correx bound %s %s --max-bytes 4000: written within the budget", (flag, value) => {
    const spill = join(mkdtempSync(join(tmpdir(), "correx-structured-numbers-")), "spill");
    const floats = Array.from({ length: 3000 }, (_, index) => `{"i":${index},"v":1.000000000000,"w":2.500000000000}`).join(",");
    const run = runCli(["bound", flag, value, "--max-bytes", "4000", "--spill-dir", spill], `{"content":[{"type":"text","text":"row 1"}],"structuredContent":{"rows":[${floats}]}}`);
    expect(run.code, run.stderr).toBe(0);
    expect(Buffer.byteLength(run.text)).toBeLessThanOrEqual(4000);
    expect(run.text).toContain('{"i":0,"v":1.000000000000,"w":2.500000000000}');
  });
});
