// The CLI's entry: `correx bound` and `correx run` with flags it can read itself run at once (command-args.ts); any other command
// line goes to commander (program.ts), loaded only then.
import { action } from "./action.js";
import { parseBoundArgs, parseRunArgs } from "./command-args.js";
import { exitWhenWritten } from "./io.js";
import type { HandedInput } from "./pass-through.js";

// What bin/correx read of stdin before it ran the bundle (pass-through.ts), one of the bundle function's arguments
// (scripts/build.mjs); undefined when the bundle runs on its own.
declare const __correxHandedStdin: HandedInput | undefined;
const handed = typeof __correxHandedStdin === "undefined" ? undefined : __correxHandedStdin;

const bound = process.argv[2] === "bound" ? parseBoundArgs(process.argv.slice(3)) : undefined;
const run = process.argv[2] === "run" ? parseRunArgs(process.argv.slice(3)) : undefined;
// Once either is done and written, the process ends at once (io.ts exitWhenWritten).
if (bound) void action(async () => (await import("./bound-command.js")).runBound(bound.raw, bound.files, "envelopes", handed))().then(exitWhenWritten);
else if (run) void action(async () => (await import("./run-command.js")).runCommandCli(run.command, run.raw))().then(exitWhenWritten);
else void import("./program.js").then((program) => program.runProgram(process.argv));
