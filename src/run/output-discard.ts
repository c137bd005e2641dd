// What becomes of a command's output once correx stops reading it while a background process still holds it open.
//
// Closed, its end would break that process: the next line it writes gets EPIPE (SIGPIPE, or an error it did not
// expect). Measured with a server the command left running (`node server.js &`, `python3 -m http.server &`) and a
// request made after the run: Node's server died of its unhandled EPIPE on stdout, and Python's failed every request
// (BrokenPipeError while it logs it). The user started that process on purpose; so correx hands its end of the
// output to a `cat` of its own that reads and drops what comes, and exits when the last writer closes it.
import type { Socket } from "node:net";
import { nodeChildProcess } from "../lazy-builtin.js";

/**
 * Gives `reader`'s end to a `cat` that discards what it reads (its stdout is /dev/null), in a session of its own (an
 * agent's kill of correx's group leaves it) and holding no directory; correx does not wait for it. False when it
 * could not start: the end is then only closed, as before.
 */
export function discardFromNowOn(reader: Socket): boolean {
  try {
    const child = nodeChildProcess().spawn("cat", [], { detached: true, stdio: [reader, "ignore", "ignore"], cwd: "/" });
    child.on("error", () => undefined);
    child.unref();
    return child.pid !== undefined;
  } catch {
    return false;
  }
}
