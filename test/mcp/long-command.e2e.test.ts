// A long command line (an agent's heredoc that writes a file) is repeated in a result by its start and end only. Before,
// `correx mcp`'s run tool put it whole in structuredContent.command: a 100 KB `cat > file <<'EOF' … EOF` at
// --max-bytes 20000 ran, then its result was refused as a tool error ("--max-bytes 20000 cannot hold even the marker
// … the smallest budget that works is --max-bytes 100694"), and a model reading an error would run it again; so was
// `correx run --format json` (exit 2, nothing written). The stored record keeps the command whole.
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { runCli } from "../cli/cli-process.js";
import { assertBuilt } from "../run/cli-process.js";
import { connectCorrex, temporaryDirectory, type Connected } from "./mcp-client.js";

let open: Connected | undefined;
beforeAll(() => assertBuilt());
afterEach(async () => {
  await open?.client.close();
  open = undefined;
});

const file = Array.from({ length: 2500 }, (_, index) => `export const value${index} = ${index}; // generated line`).join("\n");

describe("a long command line", () => {
  test("correx mcp run: the command ran and its result is answered, the command shown by its ends", async () => {
    const dir = temporaryDirectory("correx-long-command-");
    const spill = join(dir, "spill");
    open = await connectCorrex(["mcp", "--max-bytes", "20000", "--spill-dir", spill]);
    const command = `cat > ${join(dir, "generated.ts")} <<'EOF'\n${file}\nEOF\nwc -l ${join(dir, "generated.ts")}`;
    const result = CallToolResultSchema.parse(await open.client.callTool({ name: "run", arguments: { command } }));
    expect(result.isError).toBeFalsy();
    const structured = result.structuredContent as { command: string; exit_code: number; text: string };
    expect(structured.exit_code).toBe(0);
    expect(structured.text).toContain("2500 ");
    expect(structured.command.startsWith(`cat > ${join(dir, "generated.ts")} <<'EOF'\nexport const value0 = 0;`)).toBe(true);
    expect(structured.command).toMatch(/ … \[\d+ bytes of the command not shown\] … .*generated\.ts$/);
    expect(Buffer.byteLength(JSON.stringify(structured))).toBeLessThanOrEqual(20000);
    expect(readFileSync(join(dir, "generated.ts"), "utf8")).toBe(`${file}\n`);
  });

  test("correx run --format json: meta.command by its ends, the record whole", () => {
    const spill = join(temporaryDirectory("correx-long-command-run-"), "spill");
    const words = file.split("\n").slice(0, 1500);
    const run = runCli(["run", "--format", "json", "--max-bytes", "20000", "--spill-dir", spill, "--", "printf", "%s\\n", ...words]);
    expect(run.code, run.stderr).toBe(0);
    const payload = JSON.parse(run.text) as { meta: { command: string; output_id?: string } };
    expect(Buffer.byteLength(run.text)).toBeLessThanOrEqual(20000);
    expect(payload.meta.command).toMatch(/^printf '%s\\n' 'export const value0 = 0; \/\/ generated line' .* … \[\d+ bytes of the command not shown\] … .*'$/);
    const record = readdirSync(spill).find((name) => name.endsWith(".json"));
    expect(record, "the output was cut and saved").toBeDefined();
    expect((JSON.parse(readFileSync(join(spill, record!), "utf8")) as { command: string }).command).toContain("value1499 = 1499");
  });
});
