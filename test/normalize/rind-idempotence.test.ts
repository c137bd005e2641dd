import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { normalizeBytes } from "../../src/cli/normalize-command.js";
import type { InputError } from "../../src/errors.js";
import { detectShape, normalizeValue } from "../../src/normalize/index.js";
import { matchesRind, normalizeRind } from "../../src/normalize/rind.js";
import { catchError, loadShape, PNG, shapeFixtureNames } from "./helpers.js";

const utf8 = (text: string) => new TextEncoder().encode(text);

describe("rind", () => {
  test("a payload is returned as it is (the same object)", () => {
    const payload = loadShape("rind-payload");
    expect(normalizeRind(payload)).toBe(payload);
  });

  test("an attachment with non-canonical base64 or a wrong size is repaired, with notes", () => {
    const payload = { ok: true, data: "shot", attachments: [{ mime: "image/png", data: PNG.replace(/=+$/, ""), size: 1 }] };
    expect(normalizeRind(payload)).toEqual({
      ok: true,
      data: "shot",
      meta: { notes: ['attachment (image/png): base64 was not canonical; re-encoded', 'attachment (image/png): size was 1, the data holds 73 bytes'] },
      attachments: [{ mime: "image/png", data: PNG, size: 73 }],
    });
  });

  test.each([
    [{ ok: true, data: "x", extra: 1 }, "$.extra", "unknown field"],
    [{ ok: false, data: "x" }, "$.error", "required field is missing"],
    [{ ok: true, data: "x", meta: { source_shape: "yaml" } }, "$.meta.source_shape", "expected one of"],
    [{ ok: true, data: "x", attachments: [{ mime: "image/png", data: "!!", size: 2 }] }, "$.attachments[0].data", "invalid base64"],
    [{ ok: true, data: "x", attachments: [{ mime: "image/png", data: PNG, uri: "https://x", size: 73 }] }, "$.attachments[0]", "exactly one of"],
    [{ ok: true, data: "x", attachments: [{ mime: "image/png", uri: "https://x" }] }, "$.attachments[0].size", "whole number"],
  ])("invalid payload %#: not rind in auto, an InputError at the path when forced", (value, where, message) => {
    expect(matchesRind(value)).toBe(false);
    const error = catchError(() => normalizeRind(value)) as InputError;
    expect(error.where).toBe(where);
    expect(error.message).toContain(message);
  });
});

describe("idempotence", () => {
  test.each(shapeFixtureNames())("normalize∘normalize = normalize for %s, as values and as bytes", async (name) => {
    const once = normalizeValue(loadShape(name), "auto");
    expect(detectShape(once)).toBe("rind");
    expect(normalizeValue(once, "auto")).toBe(once);
    const text = JSON.stringify(once);
    expect(JSON.stringify(await normalizeBytes(utf8(text), "auto"))).toBe(text);
  });

  test("property: any JSON value normalizes to a payload that normalizes to itself", () => {
    // Values as JSON text can carry them (-0 has no JSON form: it reads back as 0).
    const jsonValue = fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
    fc.assert(fc.property(jsonValue, (value) => {
      const once = normalizeValue(value, "auto");
      expect(normalizeValue(JSON.parse(JSON.stringify(once)), "auto")).toEqual(once);
    }));
  });

  test("property: any text input normalizes to a payload that normalizes to itself", async () => {
    await fc.assert(fc.asyncProperty(fc.string({ unit: "grapheme", maxLength: 200 }), async (text) => {
      const once = await normalizeBytes(utf8(text), "auto");
      const twice = await normalizeBytes(utf8(JSON.stringify(once)), "auto");
      expect(twice).toEqual(once);
    }));
  });
});
