// Kinds of real output recorded in the sixth audit (recipes/salqa_cases.sh) whose must-keep lines salience kept
// already (guards): mypy's errors among its notes, npm's failed workspace script, curl's error among its progress
// meters, cppcheck's error among its style findings, absl's glog-format error line and traceback, yamllint's error
// under its file (byte-path-kept.test.ts runs each with its must-keep list on the byte path).
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { bound } from "../../../src/bound/index.js";

const raw = (name: string): Buffer => readFileSync(new URL(`../../fixtures/salience/${name}`, import.meta.url));
const mustKeep = (name: string): string[] => raw(`${name}.must-keep.txt`).toString("utf8").split("\n").map((line) => line.trim()).filter(Boolean);

const KINDS = ["mypy-notes-2-errors", "npm-workspaces-script-error", "curl-download-404", "cppcheck-style-1-error", "absl-worker-log-exception", "yamllint-warnings-1-error"];

describe("the sixth audit's outputs keep their must-keep lines", () => {
  test.each(KINDS.flatMap((name) => [51200, 10240, 4096].map((bytes) => [name, bytes] as const)))("%s at %d bytes", (name, bytes) => {
    const result = bound(raw(`${name}.txt`), { budget: { maxLines: 2000, maxBytes: bytes } });
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(bytes);
    const lines = result.text.split("\n");
    expect(mustKeep(name).filter((needle) => !lines.some((line) => line.includes(needle)))).toEqual([]);
  });
});
