// The library's markers name the store their `correx read` command must look in (src/library-spill.ts): a harness
// with a store of its own got `correx read ID`, which looked in the default store and found nothing there.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { bound, BoundSession, project, resolveBoundOptions, SpillStore } from "../../src/index.js";
import { withReadArguments } from "../../src/library-spill.js";

const log = `${Array.from({ length: 300 }, (_, index) => `step ${index + 1}: ok`).join("\n")}\n`;
const budget = { maxLines: 8, maxBytes: 4096 };
const saved = process.env.CORREX_SPILL_DIR;
afterEach(() => {
  if (saved === undefined) delete process.env.CORREX_SPILL_DIR;
  else process.env.CORREX_SPILL_DIR = saved;
});

function newStore(name = "tool output"): SpillStore {
  return new SpillStore(join(mkdtempSync(join(tmpdir(), "correx-library-")), name));
}

describe("a store correx read does not find by itself", () => {
  test("bound(), project() and a BoundSession's marker say --spill-dir DIR (quoted for the shell)", () => {
    delete process.env.CORREX_SPILL_DIR;
    const store = newStore();
    const quoted = `--spill-dir '${store.dir}'`;
    const text = bound(log, { budget, spill: { store } }).text;
    expect(text).toMatch(new RegExp(`correx read tool_\\w+ ${quoted.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")} --offset 2 `));
    expect(project({ ok: true, data: log }, { budget, spill: { store } }).text).toContain(`${quoted} --offset 2 `);
    const session = new BoundSession(resolveBoundOptions({ budget }), { store });
    session.write(Buffer.from(log));
    expect(session.finish().text).toContain(`${quoted} --offset 2 `);
  });

  test("the store correx read finds (CORREX_SPILL_DIR here) needs no argument; readArguments given is kept", () => {
    const store = newStore("plain");
    process.env.CORREX_SPILL_DIR = store.dir;
    expect(bound(log, { budget, spill: { store } }).text).not.toContain("--spill-dir");
    delete process.env.CORREX_SPILL_DIR;
    expect(bound(log, { budget, spill: { store, readArguments: "" } }).text).not.toContain("--spill-dir");
    expect(bound(log, { budget, spill: { store, readArguments: "--spill-dir X" } }).text).toContain("--spill-dir X --offset 2 ");
  });
});

describe("withReadArguments", () => {
  const home = "/home/someone";
  test("the default store (XDG state), the environment's and the config file's need none; another needs --spill-dir", () => {
    const at = (dir: string, env: NodeJS.ProcessEnv) => withReadArguments({ store: new SpillStore(dir) }, env, home)?.readArguments;
    expect(at(`${home}/.local/state/correx/tool-output`, {})).toBeUndefined();
    expect(at("/srv/state/correx/tool-output", { XDG_STATE_HOME: "/srv/state" })).toBeUndefined();
    expect(at("/tmp/store", { CORREX_SPILL_DIR: "/tmp/store" })).toBeUndefined();
    expect(at("/tmp/store", {})).toBe("--spill-dir /tmp/store");
    expect(withReadArguments(undefined, {}, home)).toBeUndefined();
  });
});
