// A tool result (tools/call, tasks/result) whose frame is over the SDK client's 10 MiB line because of its media (a
// full-page screenshot): the media left out, the largest first, until the rest fits, each replaced by a text block
// that says so and names the saved answer; its texts bounded as ever (oversized-answer.ts calls it).
import { isRecord } from "../payload.js";
import type { OversizedOptions } from "./oversized-answer.js";
import { namingSaved, noteInPlaceOf, readMediaData, type Block } from "./media-blocks.js";


/**
 * The result with its media left out as `within` allows (base64 characters kept), undefined when it has none to
 * leave out. `limit`: the client's line as said in a note (`10 MiB`).
 */
export function callWithinLine(result: Record<string, unknown>, raw: Buffer, options: OversizedOptions, within: number, limit: string): Record<string, unknown> | undefined {
  const content = result.content;
  if (!Array.isArray(content) || !content.every(isRecord)) return undefined;
  const blocks = content as Block[];
  const left = largestLeftOut(blocks.map((block) => readMediaData(block)?.length), within);
  if (left.size === 0) return undefined;
  // the notes name the id the answer is then saved under (chosen first: the saved copy's text view holds the notes too)
  const savedAs = options.newId();
  const naming = savedName(savedAs, options.readToolName);
  const withNotes = blocks.map((block, index) => (left.has(index) ? lineNote(block, raw.length, limit, naming) : block));
  const outcome = options.bound({ ...result, content: withNotes }, raw, savedAs);
  const bounded = outcome.result ?? { ...result, content: withNotes };
  const texts = blocks.flatMap((block) => (block.type === "text" && typeof block.text === "string" ? [block.text] : []));
  const id = outcome.outputId ?? options.save(raw, texts.join("\n"), savedAs);
  // not saved after all: said in fewer characters, so the bounded texts stay within their budget
  return id === savedAs ? bounded : namingSaved(bounded, naming, savedName(id, options.readToolName));
}

/** Where a note says the whole answer is. */
function savedName(id: string | undefined, readToolName: string): string {
  return id === undefined ? "it was not saved" : `the whole answer is saved: ${readToolName} id=${id}`;
}

/**
 * A result already bounded, and saved as `id` (a streamed one, streamed-result.ts), with its media left out as
 * callWithinLine leaves them, the largest first until the rest add up to `within`. `bytes`: the server's answer's.
 */
export function mediaWithinLine(result: Record<string, unknown>, bytes: number, id: string | undefined, readToolName: string, within: number, limit: string): Record<string, unknown> {
  const content = result.content;
  if (!Array.isArray(content) || !content.every(isRecord)) return result;
  const blocks = content as Block[];
  const left = largestLeftOut(blocks.map((block) => readMediaData(block)?.length), within);
  if (left.size === 0) return result;
  return { ...result, content: blocks.map((block, index) => (left.has(index) ? lineNote(block, bytes, limit, savedName(id, readToolName)) : block)) };
}

/** The text block in the place of a media block left out for the client's line. */
function lineNote(block: Block, bytes: number, limit: string, saved: string): Block {
  return noteInPlaceOf(block, readMediaData(block)!, (type, mime, size) => `[correx: this result's ${type} ${mime} (${size}) was left out: the answer was ${bytes} bytes, over the client's ${limit} line limit; ${saved}]`);
}

/** The indexes left out of these sizes (undefined: not a candidate), the largest first, until the rest add up to `within`. */
export function largestLeftOut(sizes: readonly (number | undefined)[], within: number): Set<number> {
  const candidates = sizes.flatMap((size, index) => (size === undefined ? [] : [{ index, size }])).sort((a, b) => b.size - a.size);
  let total = candidates.reduce((sum, candidate) => sum + candidate.size, 0);
  const left = new Set<number>();
  for (const candidate of candidates) {
    if (total <= within) break;
    left.add(candidate.index);
    total -= candidate.size;
  }
  return left;
}
