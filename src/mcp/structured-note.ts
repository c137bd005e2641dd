// What a bounded result says when its structuredContent was cut (an array cut leaves no trace inside the value):
// a text block at the end of the content, where a model reads it, and a correx-namespaced key in the result's
// `_meta`, for a client. The text's budget keeps room for the note (noteRoom), so the content stays within it.

/** The `_meta` key of the note: `{ paths, id }` (id: the saved output, when it was saved). */
export const STRUCTURED_CUT_META = "correx/structuredContentCut";

/** The bytes the note may take in the content's JSON: 256, or an eighth of a smaller budget. */
export function noteRoom(maxBytes: number): number {
  return Math.min(256, Math.floor(maxBytes / 8));
}

/** The bytes the `_meta` key may take in the result's JSON (`,"_meta":{…}` included): 160, or a sixteenth of a smaller budget. */
export function metaRoom(maxBytes: number): number {
  return Math.min(160, Math.floor(maxBytes / 16));
}

/**
 * The room the note and the `_meta` key take off the text's budget: their bytes, the note's line, and tokens. The
 * written-output check counts it on top of the rendered text (BoundOptions.reservedBeside), and what is added is
 * measured as written before it is added (result-bound.ts `withCutSaid`): bytes and lines hold by construction, the
 * tokens (not additive) are checked there.
 */
export function noteReservation(maxBytes: number): { bytes: number; lines: number; tokens: number } {
  const bytes = noteRoom(maxBytes) + metaRoom(maxBytes);
  return { bytes, lines: 1, tokens: Math.ceil(bytes / 2) };
}

/**
 * The `_meta` value `{ paths, id }` with as many paths as fit `room` bytes (`,"_meta":{"correx/…":…}` counted whole,
 * as if the result had no `_meta` of its own); undefined when not even no path fits.
 */
export function structuredCutMeta(paths: readonly string[], outputId: string | undefined, room: number): { paths: string[]; id?: string } | undefined {
  for (let count = paths.length; count >= 0; count -= 1) {
    const value = { paths: paths.slice(0, count), ...(outputId === undefined ? {} : { id: outputId }) };
    if (Buffer.byteLength(`,"_meta":${JSON.stringify({ [STRUCTURED_CUT_META]: value })}`) <= room) return value;
  }
  return undefined;
}

/**
 * The note's text block: which paths were cut (as many as fit) and the saved output to read with `readToolName`;
 * undefined when not even its shortest form fits the room.
 */
export function structuredCutBlock(paths: readonly string[], outputId: string | undefined, readToolName: string, maxBytes: number): { type: "text"; text: string } | undefined {
  return structuredCutNote(paths, outputId ? `full result: ${readToolName} id=${outputId}` : NOT_SAVED, maxBytes);
}

/** What the note says when the whole result could not be saved. */
export const NOT_SAVED = "the full result was not saved";

/**
 * The note's text block with `where` saying where the whole result is (the proxy's `full result: read_output id=ID`,
 * the CLI's `full result as read: PATH`, or NOT_SAVED); undefined when not even its shortest form fits the room.
 */
export function structuredCutNote(paths: readonly string[], where: string, maxBytes: number): { type: "text"; text: string } | undefined {
  const room = noteRoom(maxBytes);
  for (let count = paths.length; count >= 0; count -= 1) {
    const at = count === 0 ? "" : ` at ${paths.slice(0, count).join(", ")}${count < paths.length ? " …" : ""}`;
    const block = { type: "text" as const, text: `[correx: structuredContent was cut${at}; ${where}]` };
    // The block and the comma before it in the content's JSON.
    if (Buffer.byteLength(JSON.stringify(block)) + 1 <= room) return block;
  }
  return undefined;
}
