// `npm run bench` runs every bench: each script in bench/ (a file starting with `#!`, not a shared helper)
// is listed in bench/run.mjs, and bench/README.md has a section naming it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { ROOT } from "./run-shell.js";

const BENCH = join(ROOT, "bench");
const scripts = readdirSync(BENCH).filter((name) => name.endsWith(".mjs") && name !== "run.mjs" && readFileSync(join(BENCH, name), "utf8").startsWith("#!"));
const runner = readFileSync(join(BENCH, "run.mjs"), "utf8");
const readme = readFileSync(join(BENCH, "README.md"), "utf8");

test("bench/run.mjs lists every bench script, and bench/README.md names each", () => {
  expect(scripts.length).toBeGreaterThan(5);
  for (const name of scripts) {
    expect(runner, `bench/run.mjs lists ${name}`).toContain(`"${name}"`);
    expect(readme, `bench/README.md names bench/${name}`).toContain(`bench/${name}`);
  }
});
