// The CLI's entry: `correx bound` with flags it can read itself runs at once (bound-args.ts); any other command
// line goes to commander (program.ts), loaded only then.
import { action } from "./action.js";
import { parseBoundArgs } from "./bound-args.js";

const bound = process.argv[2] === "bound" ? parseBoundArgs(process.argv.slice(3)) : undefined;
if (bound) void action(async () => (await import("./bound-command.js")).runBound(bound.raw, bound.files))();
else void import("./program.js").then((program) => program.runProgram(process.argv));
