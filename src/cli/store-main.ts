// `correx read` and `correx ls` from a bundle of their own, dist/store.cjs (~135 KB against the CLI bundle's 1.3 MB):
// bin/correx runs it first for those two commands, so that paging or listing stored outputs does not load,
// deserialize and initialise the whole CLI, nor commander (~25 ms and ~1,000 page faults of `read`'s start).
// A command line it cannot read as commander would (help, an unknown flag, a missing or extra argument) is left to
// the CLI's bundle. `grep` is not here: its short flags (-i, -C 2) are commander's to read.
import { action } from "./action.js";
import { exitWhenWritten } from "./io.js";
import { parseCommandArgs } from "./command-args.js";
import { runList } from "./ls-command.js";
import { LS_OPTIONS, READ_OPTIONS, type OptionSpec } from "./option-specs.js";
import type { RawOptions } from "./options.js";
import { runRead } from "./read-command.js";

/** Each command: its flags, how many positional arguments commander takes, and its action. */
const COMMANDS: Readonly<Record<string, { specs: readonly OptionSpec[]; positionals: number; run: (positionals: string[], raw: RawOptions) => Promise<number | void> }>> = {
  read: { specs: READ_OPTIONS, positionals: 1, run: ([id], raw) => runRead(id!, raw) },
  ls: { specs: LS_OPTIONS, positionals: 0, run: (_, raw) => runList(raw) },
};

/**
 * Runs `correx NAME ARGS` (the arguments after the command's name), then `whenDone` (the process ends once the work
 * is written: io.ts exitWhenWritten; a page read near the end of a 100 MiB spill: −6 ms of CPU); false, having done
 * nothing, when commander must read them.
 */
export function storeCommand(name: string, args: readonly string[], whenDone: () => void = exitWhenWritten): boolean {
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name]! : undefined;
  const parsed = command && parseCommandArgs(args, command.specs);
  if (!command || !parsed || parsed.positionals.length !== command.positionals) return false;
  void action(() => command.run(parsed.positionals, parsed.raw))().then(whenDone);
  return true;
}
