import { readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { normalizeBytes } from "../../src/cli/normalize-command.js";
import { normalizeValue } from "../../src/normalize/index.js";
import { matchesRind } from "../../src/normalize/rind.js";
import { loadShape, PNG, shapeFixtureNames } from "./helpers.js";

const schema = JSON.parse(readFileSync(new URL("../../schema/tool-result.schema.json", import.meta.url), "utf8"));
// ajv is CommonJS: under NodeNext the default import is its module object, whose `default` is the class.
const validate = new Ajv2020.default({ strict: true, allErrors: true }).compile(schema);

function expectValid(value: unknown): void {
  const valid = validate(value);
  expect(validate.errors ?? []).toEqual([]);
  expect(valid).toBe(true);
}

describe("schema/tool-result.schema.json", () => {
  test.each(shapeFixtureNames())("the normalized %s fixture validates", (name) => {
    expectValid(normalizeValue(loadShape(name), "auto"));
  });

  test("forced shapes and bytes inputs validate too", async () => {
    expectValid(normalizeValue(loadShape("eve-content"), "eve"));
    expectValid(normalizeValue(loadShape("opencode-text"), "opencode"));
    expectValid(await normalizeBytes(new TextEncoder().encode("plain \u001b[31mtext\u001b[0m\n"), "auto"));
    expectValid(await normalizeBytes(new TextEncoder().encode(`${"[".repeat(2000)}${"]".repeat(2000)}`), "auto"));
  });

  test("property: any JSON value normalizes to a valid payload", () => {
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
      expectValid(normalizeValue(value, "auto"));
    }));
  });

  test("the schema and the rind reader agree on what a payload is", () => {
    const payloads = [
      { ok: true, data: "x" },
      { ok: false, error: { code: 1 }, error_type: "exit_code" },
      { ok: true, data: null, tool: "bash", meta: { exit_code: null, anything: [1] } },
      { ok: true, data: "x", attachments: [{ mime: "image/png", data: PNG, size: 73 }] },
      { ok: true, data: "x", attachments: [{ mime: "image/png", uri: "https://example.com/a.png", size: 0, name: "a", extra: {} }] },
    ];
    const notPayloads = [
      { ok: true },
      { ok: false, data: "x" },
      { ok: "yes", data: "x" },
      { ok: true, data: "x", more: 1 },
      { ok: true, data: "x", tool: 5 },
      { ok: true, data: "x", meta: { source_shape: "yaml" } },
      { ok: true, data: "x", attachments: [{ mime: "image/png", size: 1 }] },
      { ok: true, data: "x", attachments: [{ mime: "image/png", uri: "u", size: -1 }] },
      { ok: true, data: "x", attachments: [{ mime: "image/png", uri: "u", size: 0, note: "x" }] },
    ];
    for (const payload of payloads) {
      expect(matchesRind(payload)).toBe(true);
      expect(validate(payload)).toBe(true);
    }
    for (const payload of notPayloads) {
      expect(matchesRind(payload)).toBe(false);
      expect(validate(payload)).toBe(false);
    }
  });

  test("a payload whose attachment is repairable is not valid as it is, but its normalization is", () => {
    const payload = { ok: true, data: "x", attachments: [{ mime: "image/png", data: `${PNG.slice(0, 20)}\n${PNG.slice(20)}`, size: 73 }] };
    expect(validate(payload)).toBe(false);
    expectValid(normalizeValue(payload, "auto"));
  });
});
