// Loads the exact o200k token counter only when `--tokenizer o200k` asks for it (it costs ~0.5 s to load).
import { IoError } from "../errors.js";

/** The exact o200k counter from gpt-tokenizer. */
export async function loadTokenCounter(): Promise<(text: string) => number> {
  try {
    const tokenizer = await import("gpt-tokenizer/encoding/o200k_base");
    return (text: string) => tokenizer.countTokens(text);
  } catch (error) {
    throw new IoError(`cannot load the o200k tokenizer (gpt-tokenizer): ${(error as Error).message}`, { cause: error });
  }
}
