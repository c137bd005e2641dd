// An output the store lacks, as each reader is told: the CLI's `correx read` names --spill-dir (a flag its user can
// give), the MCP tools and the library do not. read_output told the model "(use --spill-dir or CORREX_SPILL_DIR for
// another store)", an argument it has no way to give: the store is the server's.
import * as fs from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { NotFoundError, openOutput, SpillStore } from "../../src/index.js";
import { assertBuilt } from "../run/cli-process.js";
import { runCorrex } from "../spill/run-binary.js";
import { connectCorrex, firstText, temporaryDirectory, type Connected } from "./mcp-client.js";

const MISSING = "tool_01m91d2513ff4dc7wyzy38h4d9";
let open: Connected | undefined;

beforeAll(() => assertBuilt());
afterEach(async () => {
  await open?.client.close();
  open = undefined;
});

/** A store that exists (an output saved in it), and its directory. */
function storeWithOutput(): string {
  const dir = join(temporaryDirectory("correx-missing-"), "store");
  expect(runCorrex(["bound", "--max-lines", "20", "--spill-dir", dir], { input: Array.from({ length: 1000 }, (_, index) => `line ${index}\n`).join("") }).status).toBe(0);
  return dir;
}

describe("an id the store does not hold", () => {
  test("read_output and grep_output say why, naming the server's store, and no flag", async () => {
    const dir = storeWithOutput();
    open = await connectCorrex(["mcp", "--spill-dir", dir]);
    const read = await open.client.callTool({ name: "read_output", arguments: { id: MISSING } });
    expect(read.isError).toBe(true);
    expect(firstText(read)).toBe(`no stored output ${MISSING} in ${dir}: it was never stored here, or it was removed more than 30 days ago`);
    const grep = await open.client.callTool({ name: "grep_output", arguments: { id: MISSING, pattern: "line" } });
    expect(grep.isError).toBe(true);
    expect(firstText(grep)).toBe(`no stored output ${MISSING} in ${dir}: it was never stored here, or it was removed more than 30 days ago`);
  });

  test("read_output on a store that does not exist says so, and no flag", async () => {
    const dir = join(temporaryDirectory("correx-missing-"), "none");
    open = await connectCorrex(["mcp", "--spill-dir", dir]);
    const read = await open.client.callTool({ name: "read_output", arguments: { id: MISSING } });
    expect(firstText(read)).toMatch(new RegExp(`^no stored output ${MISSING}: .*${dir}`));
    expect(firstText(read)).not.toContain("--spill-dir");
  });

  test("correx read still names --spill-dir, which its user can give", () => {
    const dir = storeWithOutput();
    const read = runCorrex(["read", MISSING, "--spill-dir", dir]);
    expect(read.status).toBe(1);
    expect(read.stderr).toContain("(use --spill-dir or CORREX_SPILL_DIR for another store)");
  });

  test("the library's openOutput names the store it was given, and no flag", () => {
    const store = new SpillStore(storeWithOutput());
    expect(() => openOutput(store, MISSING)).toThrow(new NotFoundError(`no stored output ${MISSING} in ${store.dir}: it was never stored here, or it was removed more than 30 days ago`));
    expect(fs.existsSync(store.dir)).toBe(true);
  });
});
