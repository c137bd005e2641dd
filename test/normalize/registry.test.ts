// Typed results per tool (issue 14, Kontext's ToolResultParser): a registered JSON Schema or zod schema is
// checked by `normalize --tool NAME`; a violation exits 65 with its JSON path; untyped tools pass as before.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { UsageError } from "../../src/errors.js";
import { validateJson } from "../../src/normalize/json-schema.js";
import { readRegistryFile, ToolResultRegistry } from "../../src/normalize/registry.js";
import { normalizeValue } from "../../src/normalize/index.js";
import { runCli } from "../cli/cli-process.js";

const PYTHON_RESULT = {
  type: "object",
  required: ["success", "message", "outputs"],
  properties: {
    success: { type: "boolean" },
    message: { type: "string" },
    outputs: { type: "array", items: { $ref: "#/$defs/output" } },
  },
  additionalProperties: false,
  $defs: { output: { type: "object", required: ["type", "text"], properties: { type: { enum: ["stdout", "stderr"] }, text: { type: "string" } } } },
};

describe("validateJson: the JSON Schema subset", () => {
  test.each([
    [{ success: true, message: "m", outputs: [] }, undefined],
    [{ success: true, message: "m" }, { path: "$.outputs", message: "required field is missing" }],
    [{ success: true, message: "m", outputs: [{ type: "stdout", text: 1 }] }, { path: "$.outputs[0].text", message: "expected string, found number" }],
    [{ success: true, message: "m", outputs: [{ type: "log", text: "" }] }, { path: "$.outputs[0].type", message: 'expected one of ["stdout","stderr"]' }],
    [{ success: true, message: "m", outputs: [], extra: 1 }, { path: "$.extra", message: "unknown field" }],
  ])("%j", (value, violation) => {
    expect(validateJson(value, PYTHON_RESULT)).toEqual(violation);
  });
  test("anyOf reports the branch that got furthest; integer, bounds, patterns", () => {
    const schema = { anyOf: [{ type: "string" }, { type: "object", properties: { n: { type: "integer", minimum: 1 } } }] };
    expect(validateJson({ n: 0 }, schema)).toEqual({ path: "$.n", message: "expected at least 1" });
    expect(validateJson({ n: 1.5 }, schema)).toEqual({ path: "$.n", message: "expected integer, found number" });
    expect(validateJson("ok", { type: "string", pattern: "^o" })).toBeUndefined();
  });
  test("a keyword correx does not check is refused when the schema is registered", () => {
    expect(() => new ToolResultRegistry().register("t", { type: "object", patternProperties: {} })).toThrow(UsageError);
  });
});

describe("ToolResultRegistry", () => {
  test("zod schemas (safeParse) give the path of the first issue", () => {
    const registry = new ToolResultRegistry().register("run_python", z.object({ outputs: z.array(z.object({ text: z.string() })) }));
    expect(registry.check("run_python", { outputs: [{ text: 3 }] })?.path).toBe("$.outputs[0].text");
  });
  test("a Kontext result is checked as the object the tool wrote, success included", () => {
    const registry = new ToolResultRegistry().register("run_python", PYTHON_RESULT);
    const result = normalizeValue(JSON.stringify({ success: false, message: "NameError", outputs: [{ type: "stderr", text: "x" }] }), "kontext");
    expect(() => registry.validate("run_python", result)).not.toThrow();
    expect(() => registry.validate("other", result)).not.toThrow();
  });
});

describe("normalize --tool NAME with the registry file", () => {
  const config = mkdtempSync(join(tmpdir(), "correx-registry-"));
  afterAll(() => rmSync(config, { recursive: true, force: true }));
  mkdirSync(join(config, "correx"));
  writeFileSync(join(config, "correx", "tool-results.json"), JSON.stringify({ run_python: PYTHON_RESULT }));
  const env = { XDG_CONFIG_HOME: config, CORREX_SPILL_DIR: join(config, "spill") };

  test("a result that breaks its tool's schema exits 65 naming the path", () => {
    const input = JSON.stringify({ success: true, message: "ran", outputs: [{ type: "stdout", text: 42 }] });
    const run = runCli(["normalize", "--tool", "run_python", "--from", "kontext"], input, env);
    expect(run.code).toBe(65);
    expect(run.stderr).toContain("at $.outputs[0].text");
  });
  test("a valid result, and any result of an untyped tool, normalize as before", () => {
    const input = JSON.stringify({ success: true, message: "ran", outputs: [] });
    expect(runCli(["normalize", "--tool", "run_python"], input, env).code).toBe(0);
    expect(runCli(["normalize", "--tool", "search"], '{"success":true,"message":"m","extra":1}', env).code).toBe(0);
  });
  test("the file is read from the config directory; a missing file types nothing", () => {
    expect(readRegistryFile(join(config, "nope.json")).has("run_python")).toBe(false);
    expect(readRegistryFile(join(config, "correx", "tool-results.json")).has("run_python")).toBe(true);
  });
});
