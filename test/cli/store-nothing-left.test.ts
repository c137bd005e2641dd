// End to end: nothing is left on disk when nothing is saved, and an unusable store fails fast with its reason.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { SpillStore } from "../../src/spill/store.js";
import { CORREX, cleanEnv, markerId, runCorrex } from "../spill/run-binary.js";

const numbered = (count: number): string => Array.from({ length: count }, (_, index) => `line ${index + 1}`).join("\n") + "\n";
const newRoot = (): string => fs.mkdtempSync(path.join(tmpdir(), "correx-left-"));

describe("nothing left behind", () => {
  test("20 MB of repeats that fold fit: no data file, not even the store directory", () => {
    const dir = path.join(newRoot(), "store");
    const result = runCorrex(["bound", "--for", "model", "--spill-dir", dir], { input: "same line\n".repeat(2_000_000) });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("same line\n[previous line repeated 1999999 more times]\n");
    expect(fs.existsSync(dir)).toBe(false);
  });

  test("in an existing store, an output that fits leaves no file and ls lists nothing being written", () => {
    const dir = path.join(newRoot(), "store");
    new SpillStore(dir).prepare();
    expect(runCorrex(["bound", "--for", "model", "--spill-dir", dir], { input: "same line\n".repeat(300_000) }).status).toBe(0);
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(runCorrex(["ls", "--spill-dir", dir]).stdout).toBe(`No stored outputs in ${dir}\n`);
  });

  test("--spill-dir=- creates nothing when nothing is cut", () => {
    const cwd = newRoot();
    const result = spawnSync(process.execPath, [CORREX, "bound", "--spill-dir=-"], { cwd, input: "hi\n", env: cleanEnv(), encoding: "utf8" });
    expect(result.stdout).toBe("hi\n");
    expect(fs.readdirSync(cwd)).toEqual([]);
  });

  test("a store is created (0700, parents too) when an output is cut", () => {
    const dir = path.join(newRoot(), "a", "b", "store");
    const result = runCorrex(["bound", "--for", "model", "--max-lines", "5", "--spill-dir", dir], { input: numbered(100) });
    expect(fs.readdirSync(dir).filter((name) => name.startsWith("tool_")).sort()).toEqual([markerId(result.stdout), `${markerId(result.stdout)}.idx`, `${markerId(result.stdout)}.json`]);
    expect(fs.statSync(path.dirname(dir)).mode & 0o777).toBe(0o700);
  });
});

describe("an unusable store fails fast, with the reason in the marker", () => {
  test.runIf(fs.existsSync("/proc/self"))("--spill-dir /proc/nope", () => {
    const result = spawnSync(process.execPath, [CORREX, "bound", "--for", "model", "--max-lines", "5", "--spill-dir", "/proc/nope"], {
      input: numbered(100), env: cleanEnv(), encoding: "utf8", timeout: 20_000,
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("[full output not saved: cannot create spill directory /proc/nope: no such file or directory (ENOENT)]\n");
    expect(result.stdout).toContain("line 100\n");
  });

  test("a parent writable by others is refused (here an XDG_STATE_HOME inside a mode-777 directory)", () => {
    const shared = path.join(newRoot(), "shared");
    fs.mkdirSync(shared);
    fs.chmodSync(shared, 0o777);
    const env = cleanEnv({ XDG_STATE_HOME: path.join(shared, "state") });
    const result = runCorrex(["bound", "--for", "model", "--max-lines", "5"], { input: numbered(100), env });
    expect(result.stdout).toContain(`[full output not saved: refusing spill directory ${path.join(shared, "state", "correx", "tool-output")}: its parent ${shared} is writable by others (mode 777)`);
    expect(fs.readdirSync(shared)).toEqual([]);
    fs.mkdirSync(path.join(shared, "state", "correx", "tool-output"), { recursive: true, mode: 0o700 });
    expect(runCorrex(["ls"], { env })).toMatchObject({ status: 74, stderr: expect.stringContaining(`its parent ${shared} is writable by others`) });
  });

  test("a sticky parent is accepted only when root owns it (like /tmp)", () => {
    const sticky = path.join(newRoot(), "sticky");
    fs.mkdirSync(sticky);
    fs.chmodSync(sticky, 0o1777);
    const dir = path.join(sticky, "store");
    const result = runCorrex(["bound", "--for", "model", "--max-lines", "5", "--spill-dir", dir], { input: numbered(100) });
    if (process.getuid?.() === 0) expect(result.stdout).toMatch(/correx read tool_/);
    else expect(result.stdout).toContain(`its parent ${sticky} is writable by others (mode 1777)`);
  });
});
