// Test helper: examples/library.ts compiled to plain JavaScript, to run where `correx` resolves to a package.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { transformSync } from "esbuild";
import { ROOT } from "./run-shell.js";

/** The example's source, as the README shows it. */
export const LIBRARY_EXAMPLE = join(ROOT, "examples", "library.ts");

/** Writes `dir/library.mjs` (imports left as they are: "correx" resolves from dir's node_modules); its path. */
export function compileLibraryExample(dir: string): string {
  const { code } = transformSync(readFileSync(LIBRARY_EXAMPLE, "utf8"), { loader: "ts", format: "esm", target: "node20" });
  const file = join(dir, "library.mjs");
  writeFileSync(file, code);
  return file;
}
