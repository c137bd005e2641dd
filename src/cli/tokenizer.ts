// Loads the exact o200k token counter only when `--tokenizer o200k` asks for it: the rank table the build wrote
// beside the bundle (dist/o200k.bin, one read, no per-entry work). When that file is missing or corrupt, the same
// counts come from gpt-tokenizer (slower to load) with a warning. Special-token text counts as ordinary text.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { IoError } from "../errors.js";
import { O200K_TABLE_FILE, o200kCounter } from "../tokenizer/o200k.js";
import { warn } from "./io.js";

type Counter = (text: string) => number;
const loaded = new Map<string, Promise<Counter>>();

/** Where the build puts the o200k rank table: beside this module once bundled (dist/). */
export const defaultTablePath = (): string => fileURLToPath(new URL(`./${O200K_TABLE_FILE}`, import.meta.url));

/** The exact o200k counter (loaded once per table path); `report` gets the warning when it falls back. */
export function loadTokenCounter(tablePath = defaultTablePath(), report: (warning: string) => void = warn): Promise<Counter> {
  let counter = loaded.get(tablePath);
  if (!counter) {
    counter = load(tablePath, report);
    loaded.set(tablePath, counter);
  }
  return counter;
}

/** The table's counter, or gpt-tokenizer's when the table cannot be used. */
async function load(tablePath: string, report: (warning: string) => void): Promise<Counter> {
  try {
    return o200kCounter(readFileSync(tablePath));
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === "ENOENT" ? "is missing" : `cannot be used (${(error as Error).message})`;
    report(`the o200k rank table ${tablePath} ${why}; counting with gpt-tokenizer instead (same counts, slower): reinstall correx or run \`npm run build\``);
  }
  try {
    const tokenizer = await import("gpt-tokenizer/encoding/o200k_base");
    const ordinary = { disallowedSpecial: new Set<string>() };
    return (text: string) => tokenizer.countTokens(text, ordinary);
  } catch (error) {
    throw new IoError(`cannot load the o200k tokenizer (gpt-tokenizer): ${(error as Error).message}`, { cause: error });
  }
}
