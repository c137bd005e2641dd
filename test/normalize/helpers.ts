// Shared test inputs: the shape fixtures (test/fixtures/shapes) and the small real media files inside them.
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { SOURCE_SHAPES, type SourceShape } from "../../src/payload.js";

const SHAPES_DIR = fileURLToPath(new URL("../fixtures/shapes/", import.meta.url));

/** A 2×2 PNG, 73 bytes. */
export const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGO4IycHRAwQCgAhpgRhTxp8CQAAAABJRU5ErkJggg==";
/** A one-object PDF, 125 bytes. */
export const PDF = "JVBERi0xLjQKMSAwIG9iajw8L1R5cGUvQ2F0YWxvZy9QYWdlcyAyIDAgUj4+ZW5kb2JqCjIgMCBvYmo8PC9UeXBlL1BhZ2VzL0tpZHNbXS9Db3VudCAwPj5lbmRvYmoKdHJhaWxlcjw8L1Jvb3QgMSAwIFI+PgolJUVPRgo=";
/** A 16-sample WAV, 76 bytes. */
export const WAV = "UklGRkQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YSAAAAAAAOgDGPwAAAAA6AMY/AAAAADoAxj8AAAAAOgDGPwAAA==";
/** A 1×1 JPEG, 134 bytes. */
export const JPG = "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=";

/** One fixture from test/fixtures/shapes, parsed. */
export function loadShape(name: string): unknown {
  return JSON.parse(readFileSync(`${SHAPES_DIR}${name}.json`, "utf8"));
}

/** The names of every fixture in test/fixtures/shapes. */
export function shapeFixtureNames(): string[] {
  return readdirSync(SHAPES_DIR).filter((file) => file.endsWith(".json")).map((file) => file.slice(0, -".json".length)).sort();
}

/** The error `run` throws (the test fails when it throws nothing). */
export function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error, none was thrown");
}

/** The shape a fixture was written in, from its name (`openai-chat-parts` → `openai-chat`). */
export function fixtureShape(name: string): SourceShape {
  const shape = [...SOURCE_SHAPES].sort((a, b) => b.length - a.length).find((candidate) => name.startsWith(`${candidate}-`));
  if (shape === undefined) throw new Error(`fixture ${name} is not named after a shape`);
  return shape;
}

/** Cuts `bytes` at the given offsets (taken modulo its length + 1, sorted, deduplicated): the chunks, in order. */
export function cutAt(bytes: Buffer, offsets: number[]): Buffer[] {
  const points = [...new Set(offsets.map((offset) => offset % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let from = 0;
  for (const point of [...points, bytes.length]) {
    chunks.push(bytes.subarray(from, point));
    from = point;
  }
  return chunks;
}
