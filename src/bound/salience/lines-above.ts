// The lines above a hit in the byte path, read back from its region's bytes (for the header that owns the hit's block).
import type { NumberedLine } from "./reservoir.js";

const NEWLINE = 0x0a;
/** Lines looked back through for an owning header inside a region. */
const MAX_LOOK_BACK = 400;

/**
 * The line `distance` above the line at `lineStart` (numbered `number`), within bytes[regionStart, …): walks back
 * once however far it is asked (each distance asked must be at least the last), undefined past the region's start.
 * A line asked for again is not decoded again (groups.ts's `ownerOf` reads the line above, then `failureTitle` does).
 */
export function linesAbove(bytes: Buffer, regionStart: number, lineStart: number, number: number, decode: (start: number, end: number) => string): (distance: number) => NumberedLine | undefined {
  let reached = 0;
  let begin = lineStart;
  let end = lineStart;
  let last: NumberedLine | undefined;
  return (distance) => {
    if (distance > MAX_LOOK_BACK || distance < reached) return undefined;
    if (last !== undefined && last.number === number - distance) return last;
    while (reached < distance) {
      if (begin <= regionStart) return undefined;
      end = begin - 1;
      begin = end <= regionStart ? regionStart : Math.max(regionStart, bytes.lastIndexOf(NEWLINE, end - 1) + 1);
      reached += 1;
    }
    last = { number: number - distance, text: decode(begin, end) };
    return last;
  };
}
