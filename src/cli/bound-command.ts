// `correx bound`, `normalize` and `lower`: stdin or files → the bounded projection on stdout (the work is boundInput's).
import type { RecordFields } from "../bound/compose.js";
import { InputError, UsageError } from "../errors.js";
import { PROVIDERS } from "../payload.js";
import { boundInput } from "./bound-input.js";
import type { DetectScope } from "./input.js";
import { knownInputBytes, readFiles, readStdinWithHint } from "./input-files.js";
import { signalExitCode, StopWatch } from "./interrupt.js";
import { reportError, stdoutColumns, stdoutIsTTY, warn, writeStdout } from "./io.js";
import type { RawOptions } from "./options.js";
import type { HandedInput } from "./pass-through.js";
import { parentShellCommand } from "./parent-command.js";

/** Runs `correx lower --to PROVIDER`: the same pipeline, ending in the provider's wire JSON. */
export async function runLower(raw: RawOptions): Promise<void> {
  if (raw.to === undefined) throw new UsageError(`lower needs --to PROVIDER (accepts: ${PROVIDERS.join(", ")})`);
  await runBound(raw, [], "all");
}

/** What the record keeps of where the input came from: `--label TEXT`, and the parent shell's command line. */
function recordFieldsFor(raw: RawOptions): RecordFields {
  const parent = parentShellCommand();
  return { ...(typeof raw.label === "string" && raw.label !== "" ? { label: raw.label } : {}), ...(parent ? { parent_command: parent } : {}) };
}

/**
 * Runs `correx bound` with raw commander options, on the files named (in order, as one stream) or stdin. `scope`
 * says which JSON `--from auto` reads as a tool result: `bound` reads only envelopes (a command's JSON output is
 * text and passes through as written), normalize and lower every shape. A first SIGINT, SIGTERM or SIGHUP ends the
 * input: what had arrived is bounded, saved and written with a note, and correx exits 128+N (interrupt.ts).
 * `handed`: what bin/correx read of stdin before the bundle ran (pass-through.ts), read first.
 */
export async function runBound(raw: RawOptions, files: string[] = [], scope: DetectScope = "envelopes", handed?: HandedInput): Promise<void> {
  const stop = new StopWatch().install();
  let chunks: AsyncGenerator<Buffer> | undefined;
  try {
    chunks = files.length > 0 ? readFiles(files, stop) : readStdinWithHint(stop, handed);
    const around = { stdoutIsTTY: stdoutIsTTY(), columns: stdoutColumns(), env: process.env };
    const interrupted = () => (stop.cutAfter === undefined ? undefined : { signal: stop.signal!, bytes: stop.cutAfter });
    const inputBytes = knownInputBytes(files);
    const bounded = await boundInput(raw, chunks, around, { scope, report: warn, fields: recordFieldsFor(raw), interrupted, ...(inputBytes === undefined ? {} : { inputBytes }) });
    const cut = interrupted();
    if (cut) warn(`interrupted by ${cut.signal}: bounded the ${cut.bytes} bytes read by then`);
    if ("batch" in bounded) return await (await import("./batch-command.js")).runBatch(bounded.batch, bounded.config);
    await writeStdout(bounded.text);
  } catch (error) {
    if (stop.signal === undefined) throw error;
    reportError(cutShort(error, stop));
  } finally {
    stop.remove();
    await chunks?.return(undefined); // a reader left waiting (an input not read to its end) lets go of it
    if (stop.signal !== undefined) process.exit(signalExitCode(stop.signal));
  }
}

/**
 * An input error of an input the stop signal cut short says so: the bytes that had arrived are no whole JSON for
 * `--from mcp` because of the signal, not of the input. It said only "malformed JSON at line 1, column 3000001:
 * unterminated string", blaming an input that was never read to its end.
 */
function cutShort(error: unknown, stop: StopWatch): unknown {
  if (!(error instanceof InputError) || stop.cutAfter === undefined) return error;
  return new InputError(`interrupted by ${stop.signal} after ${stop.cutAfter} bytes of input, which cannot be read as the shape asked for (${error.message}); nothing was written`, undefined, { cause: error });
}
