// SmallOutputSize: a stream's bytes and lines while it is small (run --stderr separate gives stderr what stdout leaves).
import { describe, expect, test } from "vitest";
import { SMALL_OUTPUT_BYTES, SmallOutputSize } from "../../src/run/small-output.js";

describe("SmallOutputSize", () => {
  test("counts bytes and lines across chunks, a last line without its newline included", () => {
    const size = new SmallOutputSize();
    expect(size.size()).toEqual({ bytes: 0, lines: 0 });
    for (const chunk of ["one\ntw", "o\n", "", "three"]) size.observe(Buffer.from(chunk));
    expect(size.size()).toEqual({ bytes: 13, lines: 3 });
    size.observe(Buffer.from("\n"));
    expect(size.size()).toEqual({ bytes: 14, lines: 3 });
  });

  test("is undefined once the stream passes SMALL_OUTPUT_BYTES, whatever comes after", () => {
    const size = new SmallOutputSize();
    size.observe(Buffer.alloc(SMALL_OUTPUT_BYTES, 0x0a));
    expect(size.size()).toEqual({ bytes: SMALL_OUTPUT_BYTES, lines: SMALL_OUTPUT_BYTES });
    size.observe(Buffer.from("x"));
    expect(size.size()).toBeUndefined();
    size.observe(Buffer.from("y"));
    expect(size.size()).toBeUndefined();
  });
});
