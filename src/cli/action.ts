// How a command's action ends, whoever read its command line (commander in program.ts, or command-args.ts).
import { reportError } from "./io.js";

/** Runs an action, mapping errors to exit codes in one place. */
export function action(run: (...args: never[]) => Promise<number | void>) {
  return async (...args: unknown[]): Promise<void> => {
    try {
      const code = await run(...(args as never[]));
      if (typeof code === "number") process.exitCode = code;
    } catch (error) {
      reportError(error);
    }
  };
}
