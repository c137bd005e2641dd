// The salience corpus (test/fixtures/salience/) as the audits' kind tests read it: a recorded output, its must-keep
// lines, which of its lines score salient, and the test that each kind keeps its must-keep lines at the corpus's budgets.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { bound } from "../../../src/bound/index.js";
import { mayBeSalient } from "../../../src/bound/salience/prefilter.js";
import { scoreLine, SALIENT_SCORE } from "../../../src/bound/salience/rules.js";

export const raw = (name: string): Buffer => readFileSync(new URL(`../../fixtures/salience/${name}`, import.meta.url));
export const fixture = (name: string): string[] => raw(name).toString("utf8").split("\n");
export const mustKeep = (name: string): string[] => raw(`${name}.must-keep.txt`).toString("utf8").split("\n").map((line) => line.trim()).filter(Boolean);
export const salient = (line: string): boolean => mayBeSalient(line) && scoreLine(line) >= SALIENT_SCORE;
export const salientOf = (name: string): string[] => fixture(`${name}.txt`).filter(salient);

/** Each kind's output bounded at 51,200, 10,240 and 4,096 bytes keeps every must-keep line, with the fold and without. */
export function describeMustKeep(title: string, kinds: readonly string[]): void {
  describe(title, () => {
    // Without the fold too (the library's `foldSimilar: false`): only salience keeps a middle line then.
    test.each(kinds.flatMap((name) => [51200, 10240, 4096].flatMap((bytes) => [[name, bytes, true], [name, bytes, false]] as const)))("%s at %d bytes (fold %s)", (name, bytes, foldSimilar) => {
      const result = bound(raw(`${name}.txt`), { budget: { maxLines: 2000, maxBytes: bytes }, foldSimilar });
      expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(bytes);
      const lines = result.text.split("\n");
      expect(mustKeep(name).filter((needle) => !lines.some((line) => line.includes(needle)))).toEqual([]);
    });
  });
}
