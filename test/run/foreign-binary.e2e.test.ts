// End-to-end: `correx run` of a binary built for another machine (a release downloaded for the wrong one) refuses it
// as bash does; libc's exec had handed it to /bin/sh, which ran its bytes as commands ('1: ELF…: not found', 127).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import type { ToolResult } from "../../src/payload.js";
import { assertBuilt, runCorrex, spillDirectory } from "./cli-process.js";

beforeAll(assertBuilt);

const run = (options: string[], command: string[]) => runCorrex(["run", "--spill-dir", spillDirectory(), ...options, "--", ...command]);
const payloadOf = (stdout: Buffer): ToolResult => JSON.parse(stdout.toString("utf8")) as ToolResult;

describe.runIf(process.platform === "linux" && ["x64", "arm64"].includes(process.arch))("a binary for another machine", () => {
  test("is not run through /bin/sh: exit 126, 'cannot execute binary file' as bash says (it was '1: ELF…: not found', 127)", async () => {
    const tool = join(mkdtempSync(join(tmpdir(), "correx-run-")), "tool");
    const header = readFileSync(process.execPath).subarray(0, 4096);
    header.writeUInt16LE(header.readUInt16LE(18) === 183 ? 62 : 183, 18);
    writeFileSync(tool, header, { mode: 0o755 });
    const result = await run(["--format", "json", "--cwd", join(tool, "..")], ["./tool", "--version"]);
    expect(result.code).toBe(126);
    expect(result.stderr).toMatch(/^correx: \.\/tool: cannot execute binary file: Exec format error \(an ELF executable for [^;]+; this machine is .+\)\n$/);
    expect(payloadOf(result.stdout)).toMatchObject({ ok: false, error_type: "spawn_error", meta: { exit_code: 126, spawn_error: "ENOEXEC" } });
  });
});
