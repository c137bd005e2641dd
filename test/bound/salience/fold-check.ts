// Checks a projection's head and tail line by line against its input: every shown line is the input line at its
// place, every fold note names the true range it stands for (near-duplicate notes and repeat notes alike).
import { expect } from "vitest";

/** `[... N more lines like the line above (lines A-B) ...]` or `… like those above …`. */
export const LIKE_NOTE = /^\[\.\.\. (\d+) more lines? like (?:the line above|those above) \(lines (\d+)-(\d+)\) \.\.\.\]$/;
const REPEAT_NOTE = /^\[previous line repeated (\d+) more times?\]$/;
/** Where the head ends: the main marker, a JSON view marker, or a salient section line. */
const HEAD_END = /^\[\.\.\. omitted |^\[full output|^\[JSON view /;
/** Where the tail begins, read from the bottom up: a gap marker, a numbered middle line, the marker lines. */
const TAIL_END = /^\[\.\.\. lines? \d+(?:-\d+)? omitted \.\.\.\]$|^L\d+: |^\[full output|^\[\d+ salient line|^\[\.\.\. omitted |^\[the omitted lines/;

/** The ranges of every near-duplicate note of a text. */
export function likeNotes(text: string): { count: number; from: number; to: number }[] {
  return text.split("\n").flatMap((line) => {
    const match = LIKE_NOTE.exec(line);
    return match ? [{ count: Number(match[1]), from: Number(match[2]), to: Number(match[3]) }] : [];
  });
}

/** Walks the head down from line 1 and the tail up from the last line: each line and note must be true. */
export function expectTrueHeadAndTail(inputLines: readonly string[], text: string): void {
  const out = text.split("\n");
  if (out[out.length - 1] === "") out.pop();
  const total = inputLines[inputLines.length - 1] === "" ? inputLines.length - 1 : inputLines.length;
  const truncated = out.some((line) => HEAD_END.test(line));
  let next = 1;
  let index = 0;
  for (; index < out.length && !(truncated && HEAD_END.test(out[index]!)); index += 1) {
    const line = out[index]!;
    const like = LIKE_NOTE.exec(line);
    const repeat = REPEAT_NOTE.exec(line);
    if (like) {
      expect(Number(like[2]), line).toBe(next);
      expect(Number(like[3]) - Number(like[2]) + 1, line).toBe(Number(like[1]));
      next = Number(like[3]) + 1;
    } else if (repeat) next += Number(repeat[1]);
    else {
      // The last head line may be cut inside.
      const cut = index + 1 < out.length && HEAD_END.test(out[index + 1]!);
      if (cut) expect(inputLines[next - 1]!.startsWith(line), `line ${next}`).toBe(true);
      else expect(line, `line ${next}`).toBe(inputLines[next - 1]);
      next += 1;
    }
  }
  if (!truncated) return;
  let last = total;
  for (let back = out.length - 1; back > index && !TAIL_END.test(out[back]!); back -= 1) {
    const line = out[back]!;
    const like = LIKE_NOTE.exec(line);
    const repeat = REPEAT_NOTE.exec(line);
    if (like) {
      expect(Number(like[3]), line).toBe(last);
      expect(Number(like[3]) - Number(like[2]) + 1, line).toBe(Number(like[1]));
      last = Number(like[2]) - 1;
    } else if (repeat) last -= Number(repeat[1]);
    else {
      const cut = back - 1 >= 0 && TAIL_END.test(out[back - 1]!);
      if (cut) expect(inputLines[last - 1]!.endsWith(line), `line ${last}`).toBe(true);
      else expect(line, `line ${last}`).toBe(inputLines[last - 1]);
      last -= 1;
    }
  }
}
