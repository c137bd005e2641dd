import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { UsageError } from "../../src/errors.js";
import { DEFAULT_STORE_SETTINGS, defaultConfigPath, describeDuration, resolveStoreSettings } from "../../src/spill/settings.js";

function writeConfig(content: string): string {
  const file = path.join(fs.mkdtempSync(path.join(tmpdir(), "correx-config-")), "config.json");
  fs.writeFileSync(file, content);
  return file;
}

const NO_FILE = "/nonexistent/correx/config.json";

describe("resolveStoreSettings", () => {
  test("defaults: 7 days, 1 GiB, 256 MiB", () => {
    expect(resolveStoreSettings({ flags: {}, env: {}, configPath: NO_FILE })).toEqual({ maxAgeMs: 604_800_000, quotaBytes: 1_073_741_824, maxOutputBytes: 268_435_456 });
    expect(DEFAULT_STORE_SETTINGS).toEqual({ maxAgeMs: 604_800_000, quotaBytes: 1_073_741_824, maxOutputBytes: 268_435_456 });
  });

  const file = writeConfig(JSON.stringify({ maxAge: "3d", quota: "2GiB", maxOutput: "10MiB" }));
  const env = { CORREX_MAX_AGE: "12h", CORREX_QUOTA: "500MiB", CORREX_MAX_OUTPUT: "1MiB" };
  const flags = { maxAge: "0s", quota: "1KiB", maxOutput: "64KiB" };
  test.each([
    ["file only", {}, {}, { maxAgeMs: 3 * 86_400_000, quotaBytes: 2 * 1024 ** 3, maxOutputBytes: 10 * 1024 ** 2 }],
    ["env beats file", {}, env, { maxAgeMs: 12 * 3_600_000, quotaBytes: 500 * 1024 ** 2, maxOutputBytes: 1024 ** 2 }],
    ["flag beats env", flags, env, { maxAgeMs: 0, quotaBytes: 1024, maxOutputBytes: 64 * 1024 }],
    ["each setting on its own", { quota: "1KiB" }, { CORREX_MAX_AGE: "12h" }, { maxAgeMs: 12 * 3_600_000, quotaBytes: 1024, maxOutputBytes: 10 * 1024 ** 2 }],
    ["an empty variable is unset", {}, { CORREX_QUOTA: "" }, { maxAgeMs: 3 * 86_400_000, quotaBytes: 2 * 1024 ** 3, maxOutputBytes: 10 * 1024 ** 2 }],
  ])("%s", (_name, flagValues, envValues, expected) => {
    expect(resolveStoreSettings({ flags: flagValues, env: envValues, configPath: file })).toEqual(expected);
  });

  test("numbers in the file: seconds and bytes", () => {
    const numbers = writeConfig(JSON.stringify({ maxAge: 90, quota: 4096 }));
    expect(resolveStoreSettings({ flags: {}, env: {}, configPath: numbers })).toEqual({ ...DEFAULT_STORE_SETTINGS, maxAgeMs: 90_000, quotaBytes: 4096 });
  });

  test("the file is not read when flags and environment give everything", () => {
    const broken = writeConfig("{ not json");
    expect(resolveStoreSettings({ flags: { maxAge: "1d", quota: "1GiB" }, env: { CORREX_MAX_OUTPUT: "1MiB" }, configPath: broken })).toEqual({ maxAgeMs: 86_400_000, quotaBytes: 1024 ** 3, maxOutputBytes: 1024 ** 2 });
  });

  test.each([
    ["a bad flag names the flag", { flags: { maxAge: "soon" }, env: {} }, "invalid value for --max-age: 'soon' (accepts a duration such as 0s, 90s, 12h, 7d)"],
    ["a bad variable names the variable", { flags: {}, env: { CORREX_QUOTA: "lots" } }, "invalid value for CORREX_QUOTA: 'lots' (accepts a size such as 51200, 64KiB, 1MB, 1GiB)"],
  ])("%s", (_name, sources, message) => {
    expect(() => resolveStoreSettings({ ...sources, configPath: NO_FILE })).toThrow(new UsageError(message));
  });

  test("a bad file value names the file and the key", () => {
    const bad = writeConfig(JSON.stringify({ quota: "huge" }));
    expect(() => resolveStoreSettings({ flags: {}, env: {}, configPath: bad })).toThrow(new UsageError(`invalid value for quota in ${bad}: 'huge' (accepts a size such as 51200, 64KiB, 1MB, 1GiB)`));
    const wrongType = writeConfig(JSON.stringify({ maxAge: ["7d"] }));
    expect(() => resolveStoreSettings({ flags: {}, env: {}, configPath: wrongType })).toThrow(new UsageError(`invalid value for maxAge in ${wrongType}: ["7d"] (accepts a string such as "7d" or "1GiB", or a number)`));
  });

  test("keys it does not own are left to their readers; bad JSON or a non-object names the file", () => {
    const other = writeConfig(JSON.stringify({ maxBytes: "20KiB", quota: "2GiB" }));
    expect(resolveStoreSettings({ flags: {}, env: {}, configPath: other }).quotaBytes).toBe(2 * 1024 ** 3);
    const notJson = writeConfig("{ maxAge: 7d }");
    expect(() => resolveStoreSettings({ flags: {}, env: {}, configPath: notJson })).toThrow(`invalid config file ${notJson}: `);
    const array = writeConfig("[]");
    expect(() => resolveStoreSettings({ flags: {}, env: {}, configPath: array })).toThrow(`invalid config file ${array}: not a JSON object`);
  });
});

describe("defaultConfigPath", () => {
  test.each([
    [{ XDG_CONFIG_HOME: "/xdg" }, "/xdg/correx/config.json"],
    [{}, "/home/me/.config/correx/config.json"],
    [{ XDG_CONFIG_HOME: "relative" }, "/home/me/.config/correx/config.json"],
  ])("%j", (env, expected) => {
    expect(defaultConfigPath(env, "/home/me")).toBe(expected);
  });
});

describe("describeDuration", () => {
  test.each([
    [0, "0 seconds"], [1000, "1 second"], [90_000, "90 seconds"], [3_600_000, "1 hour"], [36 * 3_600_000, "36 hours"],
    [7 * 86_400_000, "7 days"], [3 * 86_400_000, "3 days"], [1500, "2 seconds"],
  ])("%d ms → %s", (ms, words) => {
    expect(describeDuration(ms)).toBe(words);
  });
});

describe("resolveStoreSettings with a warnings list (the CLI)", () => {
  test("a bad environment or file value is a warning and the default holds; a bad flag is still a usage error", () => {
    const bad = writeConfig(JSON.stringify({ quota: "lots" }));
    const warnings: string[] = [];
    const settings = resolveStoreSettings({ flags: {}, env: { CORREX_MAX_AGE: "bogus" }, configPath: bad, warnings });
    expect(settings).toEqual(DEFAULT_STORE_SETTINGS);
    expect(warnings).toEqual([
      "invalid value for CORREX_MAX_AGE: 'bogus' (accepts a duration such as 0s, 90s, 12h, 7d); using the default",
      `invalid value for quota in ${bad}: 'lots' (accepts a size such as 51200, 64KiB, 1MB, 1GiB); using the default`,
    ]);
    expect(() => resolveStoreSettings({ flags: { maxAge: "bogus" }, env: {}, configPath: bad, warnings })).toThrow(UsageError);
    const notJson = writeConfig("{ nope");
    const more: string[] = [];
    expect(resolveStoreSettings({ flags: {}, env: {}, configPath: notJson, warnings: more })).toEqual(DEFAULT_STORE_SETTINGS);
    expect(more).toHaveLength(1);
    expect(more[0]).toMatch(/^invalid config file .*; using the defaults$/);
  });
});
