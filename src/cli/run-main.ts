// `correx run` from a bundle of its own, dist/run.cjs (~400 KB against the CLI bundle's ~890 KB): bin/correx runs it
// first for `run`, so that a run reads, makes a string of and deserializes the code cache of run's code alone, not
// the CLI's every command. A command line it cannot read (help, an unknown flag, no command) is left to the CLI's
// bundle, whose commander says what is wrong, as main.ts leaves it: the bundle calls `__correxRunDeclined` (one of
// the bundle function's arguments, scripts/build.mjs) and does nothing else.
import { action } from "./action.js";
import { parseRunArgs } from "./command-args.js";
import { exitWhenWritten } from "./io.js";
import { runCommandCli } from "./run-command.js";

declare const __correxRunDeclined: (() => void) | undefined;

const run = process.argv[2] === "run" ? parseRunArgs(process.argv.slice(3)) : undefined;
if (run) void action(() => runCommandCli(run.command, run.raw))().then(exitWhenWritten);
else if (typeof __correxRunDeclined === "function") __correxRunDeclined();
