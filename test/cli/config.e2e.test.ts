// The config file sets every default a user may want per machine; `correx config` shows each value's origin;
// a bad setting is a warning, never a lost output (issue 15).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { runCli } from "./cli-process.js";

const root = mkdtempSync(join(tmpdir(), "correx-config-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let configs = 0;
/** A fresh XDG_CONFIG_HOME holding `settings` as correx/config.json (raw text when a string). */
function withConfig(settings: unknown): { env: NodeJS.ProcessEnv; path: string } {
  const home = join(root, `config-${(configs += 1)}`);
  mkdirSync(join(home, "correx"), { recursive: true });
  const path = join(home, "correx", "config.json");
  writeFileSync(path, typeof settings === "string" ? settings : JSON.stringify(settings));
  return { env: { XDG_CONFIG_HOME: home, CORREX_SPILL_DIR: join(root, "spill"), CORREX_MAX_AGE: undefined, CORREX_QUOTA: undefined, CORREX_MAX_OUTPUT: undefined }, path };
}

const numbered = (count: number): string => Array.from({ length: count }, (_, index) => `line ${index + 1}`).join("\n") + "\n";
const lineCount = (text: string): number => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);

describe("the config file", () => {
  test("sets budgets, per reader too, and an explicit flag wins", () => {
    const { env } = withConfig({ maxLines: 12, terminal: { maxLines: 6 } });
    const model = runCli(["bound", "--for", "model"], numbered(500), env);
    expect(model.code).toBe(0);
    expect(lineCount(model.text)).toBe(12);
    const terminal = runCli(["bound", "--for", "terminal", "--width", "200"], numbered(500), env);
    expect(lineCount(terminal.text)).toBeLessThan(12); // the terminal section applies (6 lines, with or without the status line)
    const flag = runCli(["bound", "--for", "model", "--max-lines", "20"], numbered(500), env);
    expect(lineCount(flag.text)).toBe(20);
  });

  test("sets hygiene switches and run's timeout", () => {
    const { env } = withConfig({ keepAnsi: true, timeout: "300ms" });
    expect(runCli(["bound", "--for", "model", "--no-spill"], "\x1b[31mred\x1b[0m\n", env).text).toBe("\x1b[31mred\x1b[0m\n");
    const run = runCli(["run", "--", "sleep", "30"], "", env);
    expect(run.code).toBe(124);
    expect(run.text).toContain("Command exceeded timeout of 300 ms.");
  });

  test("a bad key or value is a warning naming the file; the output still comes", () => {
    const { env, path } = withConfig({ maxLines: "many", colour: true, quota: "lots" });
    const run = runCli(["bound", "--for", "model", "--no-spill"], "still here\n", env);
    expect(run).toMatchObject({ code: 0, text: "still here\n" });
    expect(run.stderr).toContain(`correx: warning: ignoring invalid value for maxLines in ${path}: 'many'`);
    expect(run.stderr).toContain(`correx: warning: ignoring unknown key 'colour' in ${path}`);
    expect(run.stderr).toContain(`correx: warning: invalid value for quota in ${path}: 'lots' (accepts a size such as 51200, 64KiB, 1MB, 1GiB); using the default`);
  });

  test("`correx config` checks both readers' sections: a bad terminal value is said for the model's settings too (it was silent)", () => {
    const { env, path } = withConfig({ terminal: { maxLines: -3 }, model: { maxBytes: "x" } });
    const expected = [
      `correx: warning: ignoring invalid value for model.maxBytes in ${path}: 'x' (accepts a size such as 51200, 64KiB, 1MB, 1GiB)`,
      `correx: warning: ignoring invalid value for terminal.maxLines in ${path}: '-3' (accepts a whole number >= 1)`,
    ];
    for (const reader of ["model", "terminal"]) {
      const run = runCli(["config", "--for", reader], "", env);
      expect(run.code).toBe(0);
      expect(run.stderr.trimEnd().split("\n").sort(), reader).toEqual(expected);
    }
  });

  test("a file that is not JSON is a warning; the output still comes", () => {
    const { env, path } = withConfig("{ maxLines: 3");
    const run = runCli(["bound", "--for", "model", "--no-spill"], "ok\n", env);
    expect(run).toMatchObject({ code: 0, text: "ok\n" });
    expect(run.stderr).toMatch(new RegExp(`^correx: warning: invalid config file ${path}: .*; using the defaults\\n$`));
  });

  test("spillDir: the store read, grep and ls look in too; ~ is the home directory, a relative path the file's folder's; CORREX_SPILL_DIR wins", () => {
    // The file's store was a flag default: read, grep and ls never read it (`read last` showed another store's output),
    // it beat CORREX_SPILL_DIR (which `correx config` named as the origin), and "~/…" made a directory named ~ here.
    const home = join(root, "spill-home");
    const { env } = withConfig({ spillDir: "~/outputs" });
    const own = { ...env, CORREX_SPILL_DIR: undefined, HOME: home };
    const bounded = runCli(["bound", "--for", "model", "--max-lines", "5", "--format", "json"], numbered(100), own);
    const id = (JSON.parse(bounded.text) as { meta: { output_id: string; output_path: string } }).meta;
    expect(id.output_path).toBe(join(home, "outputs", id.output_id));
    expect(runCli(["read", "last", "--for", "model", "--offset", "100"], "", own).text).toContain("100: line 100\n");
    expect(runCli(["grep", id.output_id, "^line 42$"], "", own).text).toBe("Found 1 match\nLine 42: line 42\n");
    expect(runCli(["ls"], "", own).text).toContain(id.output_id);
    const relative = withConfig({ spillDir: "outputs" });
    const config = (extra: NodeJS.ProcessEnv) => JSON.parse(runCli(["config", "--format", "json"], "", { ...relative.env, HOME: home, ...extra }).text) as { settings: { key: string; value: string; origin: string }[] };
    expect(config({ CORREX_SPILL_DIR: undefined }).settings.find((setting) => setting.key === "spillDir")).toEqual({ key: "spillDir", value: join(relative.path, "..", "outputs"), origin: `file ${relative.path}` });
    const fromEnv = join(root, "env-spill");
    expect(config({ CORREX_SPILL_DIR: fromEnv }).settings.find((setting) => setting.key === "spillDir")).toEqual({ key: "spillDir", value: fromEnv, origin: "env CORREX_SPILL_DIR" });
  });

  test("a bad retention variable never costs the output (CORREX_MAX_AGE=bogus)", () => {
    const { env } = withConfig({});
    const run = runCli(["bound", "--for", "model", "--max-lines", "5"], numbered(100), { ...env, CORREX_MAX_AGE: "bogus" });
    expect(run.code).toBe(0);
    expect(run.text).toContain("line 100");
    expect(run.stderr).toBe("correx: warning: invalid value for CORREX_MAX_AGE: 'bogus' (accepts a duration such as 0s, 90s, 12h, 7d); using the default\n");
  });
});

describe("correx config", () => {
  test("prints each setting with where it came from: flag, preset, environment, file, default", () => {
    const { env, path } = withConfig({ maxLines: 300, keepAnsi: true, terminal: { maxBytes: "4KiB" } });
    const run = runCli(["config", "--for", "model", "--preset", "codex"], "", { ...env, CORREX_QUOTA: "2GiB" });
    expect(run.code).toBe(0);
    const rows = Object.fromEntries(run.text.split("\n").filter((line) => line && !line.startsWith("#")).map((line) => {
      const [key, value, ...origin] = line.split(/ {2,}/);
      return [key, { value, origin: origin.join("  ") }];
    }));
    expect(rows.preset).toEqual({ value: "codex", origin: "flag" });
    expect(rows.maxBytes).toEqual({ value: "10240", origin: "preset codex" });
    expect(rows.keepAnsi).toEqual({ value: "true", origin: `file ${path}` });
    expect(rows.quota).toEqual({ value: "2.0 GiB", origin: "env CORREX_QUOTA" });
    expect(rows.tokenizer).toEqual({ value: "estimate", origin: "default" });
  });

  test("--format json names the reader, the file and every setting; the terminal section applies to --for terminal", () => {
    const { env, path } = withConfig({ terminal: { maxBytes: "4KiB" } });
    const json = JSON.parse(runCli(["config", "--for", "terminal", "--format", "json"], "", env).text) as { reader: string; config_file: string; settings: { key: string; value: string; origin: string }[] };
    expect(json.reader).toBe("terminal");
    expect(json.config_file).toBe(path);
    expect(json.settings.find((setting) => setting.key === "maxBytes")).toEqual({ key: "maxBytes", value: "4096", origin: `file ${path} (terminal)` });
  });
});

describe("the home directory", () => {
  test("is HOME when it is set, else the user's entry (as os.homedir gives it; node:os is loaded only then)", () => {
    const unset = { HOME: undefined, XDG_CONFIG_HOME: undefined, XDG_STATE_HOME: undefined, CORREX_SPILL_DIR: undefined };
    const shown = (env: NodeJS.ProcessEnv) => JSON.parse(runCli(["config", "--format", "json"], "", env).text) as { config_file: string; settings: { key: string; value: string }[] };
    const without = shown(unset);
    expect(without.config_file).toBe(join(userInfo().homedir, ".config", "correx", "config.json"));
    const elsewhere = shown({ ...unset, HOME: join(root, "home") });
    expect(elsewhere.config_file).toBe(join(root, "home", ".config", "correx", "config.json"));
    expect(elsewhere.settings.find((setting) => setting.key === "spillDir")?.value).toBe(join(root, "home", ".local", "state", "correx", "tool-output"));
  });
});
