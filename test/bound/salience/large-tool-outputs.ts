// A recorded output made long (past the tail ring's MiB, so that its middle reaches salience's byte path, the needle
// scan): the lines its run printed before its first error, as another package's files (each number that follows a
// letter, `m23.rb`, `site17`, `pkg067`, renumbered per copy), on each side of the recorded output, about 1.5 MiB each.
import { readFileSync } from "node:fs";

const FOLDER = new URL("../../fixtures/salience/", import.meta.url);

/** The recorded output's lines, and its must-keep list. */
export function recorded(name: string): { lines: string[]; mustKeep: string[] } {
  const text = readFileSync(new URL(`${name}.txt`, FOLDER), "utf8");
  const mustKeep = readFileSync(new URL(`${name}.must-keep.txt`, FOLDER), "utf8").split("\n").map((line) => line.trim()).filter(Boolean);
  return { lines: text.replace(/\n$/, "").split("\n"), mustKeep };
}

/** `lines` as another copy's: each number after a letter (a file's, a package's, a site's) moved by `copy` × 1,000. */
const renumbered = (lines: readonly string[], copy: number): string[] => lines.map((line) => line.replace(/(?<=[A-Za-z_-])\d+/g, (digits) => String(Number(digits) + copy * 1000)));

/** About `bytes` of filler: copies of `lines`, each renumbered. */
function filler(lines: readonly string[], bytes: number, firstCopy: number): string[] {
  const out: string[] = [];
  let size = 0;
  for (let copy = firstCopy; size < bytes; copy += 1) {
    for (const line of renumbered(lines, copy)) {
      out.push(line);
      size += Buffer.byteLength(line) + 1;
    }
  }
  return out;
}

/**
 * The recorded output of `name` between two fillers made of its lines before `before` (the first line that holds it,
 * less `margin` lines: the error's own context stays out of the filler), about 1.5 MiB each.
 */
export function largeAround(name: string, before: string, margin = 40, bytes = 1.5 * 1024 * 1024): Buffer {
  const { lines } = recorded(name);
  const at = lines.findIndex((line) => line.includes(before));
  if (at < 0) throw new Error(`${name}: no line holds ${before}`);
  const clean = lines.slice(0, Math.max(1, at - margin));
  return Buffer.from(`${[...filler(clean, bytes, 1), ...lines, ...filler(clean, bytes, 500)].join("\n")}\n`);
}
