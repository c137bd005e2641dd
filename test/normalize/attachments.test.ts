import { Buffer } from "node:buffer";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { buildAttachment, decodeBase64, decodeDataUrl, isCanonicalBase64 } from "../../src/normalize/attachments.js";
import { canonicalizeMime, chooseMime } from "../../src/normalize/mime.js";
import { PDF, PNG, WAV } from "./helpers.js";

describe("decodeBase64", () => {
  test("canonical base64 is recognized as such", () => {
    expect(decodeBase64(PNG)).toEqual({ bytes: Buffer.from(PNG, "base64"), canonical: true });
    expect(decodeBase64("")).toEqual({ bytes: Buffer.alloc(0), canonical: true });
  });

  test.each([
    ["line-wrapped", `${PNG.slice(0, 40)}\n${PNG.slice(40)}`],
    ["unpadded", PNG.replace(/=+$/, "")],
    ["URL-safe alphabet", Buffer.from([0xfb, 0xff, 0xfe]).toString("base64url")],
    ["non-zero padding bits", "QR=="],
  ])("%s base64 decodes but is not canonical", (_label, text) => {
    const decoded = decodeBase64(text);
    expect(decoded?.canonical).toBe(false);
  });

  test.each([["not base64!"], ["abc*"], ["a"], ["AB==CD=="], ["===="]])("%s is not base64", (text) => {
    expect(decodeBase64(text)).toBeUndefined();
  });

  test("property: any bytes round-trip through canonical base64", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
      const text = Buffer.from(bytes).toString("base64");
      const decoded = decodeBase64(text);
      expect(decoded?.canonical).toBe(true);
      expect(Buffer.from(decoded!.bytes).equals(Buffer.from(bytes))).toBe(true);
    }));
  });

  test("property: isCanonicalBase64 holds exactly when re-encoding gives the same text", () => {
    const base64ish = fc.string({ unit: fc.constantFrom(..."AQgw+/=Zz09 -_"), maxLength: 16 });
    fc.assert(fc.property(base64ish, (text) => {
      const reencoded = /^[A-Za-z0-9+/]*={0,2}$/.test(text) ? Buffer.from(text, "base64").toString("base64") : undefined;
      expect(isCanonicalBase64(text)).toBe(reencoded === text);
    }), { numRuns: 2000 });
  });

  test("a canonical attachment's size is computed without decoding it all", () => {
    for (const length of [0, 1, 2, 3, 4, 100]) {
      const base64 = Buffer.alloc(length, 1).toString("base64");
      expect(buildAttachment({ base64, mime: "application/x-thing" })).toMatchObject({ attachment: { size: length, data: base64 } });
    }
  });
});

describe("decodeDataUrl", () => {
  test("base64 and percent-encoded payloads", () => {
    expect(decodeDataUrl(`data:image/png;base64,${PNG}`)?.mime).toBe("image/png");
    expect(Buffer.from(decodeDataUrl("data:text/plain;charset=utf-8,caf%C3%A9%20ok")!.decoded.bytes).toString()).toBe("café ok");
    expect(decodeDataUrl("data:image/png;base64")).toBeUndefined();
    expect(decodeDataUrl("data:,100%zz")).toBeUndefined();
  });
});

describe("buildAttachment", () => {
  test("canonical data with a right MIME type passes unchanged", () => {
    expect(buildAttachment({ base64: WAV, mime: "audio/wav", name: "beep.wav" })).toEqual({
      readable: true,
      attachment: { mime: "audio/wav", data: WAV, name: "beep.wav", size: 76 },
      notes: [],
    });
  });

  test("non-canonical base64 is re-encoded, with a note", () => {
    expect(buildAttachment({ base64: `${PNG.slice(0, 30)}\r\n${PNG.slice(30)}`, mime: "image/png", name: "a.png" })).toEqual({
      readable: true,
      attachment: { mime: "image/png", data: PNG, name: "a.png", size: 73 },
      notes: ['attachment "a.png" (image/png): base64 was not canonical; re-encoded'],
    });
  });

  test("an absent MIME type is sniffed; a wrong one is corrected and recorded", () => {
    expect(buildAttachment({ base64: PDF })).toEqual({
      readable: true,
      attachment: { mime: "application/pdf", data: PDF, size: 125, extra: { declared_mime: null } },
      notes: [],
    });
    expect(buildAttachment({ base64: PNG, mime: "image/jpeg", name: "photo.jpg", extra: { detail: "high" } })).toEqual({
      readable: true,
      attachment: { mime: "image/png", data: PNG, name: "photo.jpg", size: 73, extra: { detail: "high", declared_mime: "image/jpeg" } },
      notes: ['attachment "photo.jpg" (image/jpeg): its bytes are PNG image; MIME set to image/png'],
    });
  });

  test("unknown bytes keep the declared type, or get application/octet-stream", () => {
    const bytes = Buffer.from("plain words").toString("base64");
    expect(buildAttachment({ base64: bytes, mime: "text/plain" })).toMatchObject({ attachment: { mime: "text/plain", size: 11 } });
    expect(buildAttachment({ base64: bytes })).toMatchObject({ attachment: { mime: "application/octet-stream", extra: { declared_mime: null } } });
  });

  test("a data: URL in a base64 field is decoded, with a note", () => {
    expect(buildAttachment({ base64: `data:image/png;base64,${PNG}` })).toEqual({
      readable: true,
      attachment: { mime: "image/png", data: PNG, size: 73 },
      notes: ["attachment (image/png): a data: URL stood where base64 was expected; decoded"],
    });
  });

  test("a URI stays a URI; its MIME type is guessed from the extension when absent", () => {
    expect(buildAttachment({ uri: "https://example.com/files/report.pdf?v=2" })).toEqual({
      readable: true,
      attachment: { mime: "application/pdf", uri: "https://example.com/files/report.pdf?v=2", size: 0, extra: { declared_mime: null } },
      notes: [],
    });
  });

  test("unreadable parts become a line of text naming them", () => {
    expect(buildAttachment({ base64: "%%%", mime: "image/png", name: "chart.png" })).toEqual({
      readable: false,
      reason: "invalid base64",
      line: '[attachment "chart.png" (image/png) could not be read: invalid base64]',
    });
    expect(buildAttachment({ uri: "data:image/png;base64,***" })).toMatchObject({ readable: false, reason: "invalid data: URL" });
    expect(buildAttachment({ name: "x.gif" })).toEqual({
      readable: false,
      reason: "it has neither data nor a URI",
      line: '[attachment "x.gif" (image/gif) could not be read: it has neither data nor a URI]',
    });
  });
});

describe("chooseMime", () => {
  const png = { mime: "image/png", name: "PNG image" };
  test.each([
    ["absent, sniffed", undefined, png, "image/png", true],
    ["aliased and agreeing", "image/PNG", png, "image/PNG", false],
    ["generic octet-stream", "application/octet-stream", png, "image/png", true],
    ["contradicted", "image/gif", png, "image/png", true],
    ["zip-based office file", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", { mime: "application/zip", name: "zip" }, "application/vnd.openxmlformats-officedocument.wordprocessingml.document", false],
    ["ISO media audio", "audio/mp4", { mime: "video/mp4", name: "MP4" }, "audio/mp4", false],
    ["weak MPEG sniff against another audio type", "audio/aac", { mime: "audio/mpeg", name: "MP3" }, "audio/aac", false],
    ["nothing sniffed", "image/svg+xml", undefined, "image/svg+xml", false],
  ])("%s", (_label, declared, sniffed, mime, corrected) => {
    expect(chooseMime(declared, sniffed)).toEqual({ mime, corrected });
  });

  test("canonicalizeMime", () => {
    expect(canonicalizeMime(" Image/JPG ; q=1")).toBe("image/jpeg");
  });
});
