// `correx read` and `correx ls` from a bundle of their own, dist/store.cjs (~135 KB against the CLI bundle's 1.3 MB):
// bin/correx runs it first for those two commands, so that paging or listing stored outputs does not load,
// deserialize and initialise the whole CLI, nor commander (~25 ms and ~1,000 page faults of `read`'s start).
// A command line it cannot read as commander would (help, an unknown flag, a missing or extra argument) is left to
// the CLI's bundle. `grep` is not here: its short flags (-i, -C 2) are commander's to read.
import { action } from "./action.js";
import { parseCommandArgs } from "./command-args.js";
import { runList } from "./ls-command.js";
import { LS_OPTIONS, READ_OPTIONS } from "./option-specs.js";
import { runRead } from "./read-command.js";

/** Runs `correx NAME ARGS` (the arguments after the command's name); false, having done nothing, when commander must read them. */
export function storeCommand(name: string, args: readonly string[]): boolean {
  if (name === "read") {
    const parsed = parseCommandArgs(args, READ_OPTIONS);
    if (parsed === undefined || parsed.positionals.length !== 1) return false;
    const [id] = parsed.positionals as [string];
    void action(async () => runRead(id, parsed.raw))();
    return true;
  }
  if (name === "ls") {
    const parsed = parseCommandArgs(args, LS_OPTIONS);
    if (parsed === undefined || parsed.positionals.length !== 0) return false;
    void action(async () => runList(parsed.raw))();
    return true;
  }
  return false;
}
