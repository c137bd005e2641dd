// Kinds of real output recorded in the fifth audit (recipes/wide2_cases.sh): front-end builds, linters, Ruby, PHP,
// shell, ansible, sanitizers, servers (byte-path-kept.test.ts runs each with its must-keep list on the byte path), and
// long clean outputs whose middle lines mention errors harmlessly.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { bound } from "../../../src/bound/index.js";

const raw = (name: string): Buffer => readFileSync(new URL(`../../fixtures/salience/${name}`, import.meta.url));

describe("long clean outputs promote nothing", () => {
  test.each(["webpack-build-clean", "rspec-doc-all-pass", "ansible-all-ok"])("%s", (name) => {
    for (const bytes of [51200, 10240, 4096]) {
      const result = bound(raw(`${name}.txt`), { budget: { maxLines: 2000, maxBytes: bytes } });
      expect(result.text.split("\n").filter((line) => /^L\d+: /.test(line))).toEqual([]);
    }
  });
});
