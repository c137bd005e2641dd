// `correx read`'s own entry, bundled on its own as dist/read.cjs (~110 KB against the CLI bundle's 1.3 MB): bin/correx
// runs it first for `correx read`, so that paging a stored output does not load, deserialize and initialise the
// whole CLI, nor commander (read's share of the bundle's start was ~20 ms of ~75 above `node -e 0`). A command line
// it cannot read as commander would (help, an unknown flag, no id or more than one) is left to the CLI's bundle.
import { action } from "./action.js";
import { parseCommandArgs } from "./command-args.js";
import { READ_OPTIONS } from "./option-specs.js";
import { runRead } from "./read-command.js";

/** Runs `correx read ARGS` (the arguments after `read`); false, having done nothing, when commander must read them. */
export function readCommand(args: readonly string[]): boolean {
  const parsed = parseCommandArgs(args, READ_OPTIONS);
  if (parsed === undefined || parsed.positionals.length !== 1) return false;
  const [id] = parsed.positionals as [string];
  void action(async () => runRead(id, parsed.raw))();
  return true;
}
