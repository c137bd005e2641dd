// Every test run gets a fresh temporary directory (TMPDIR), removed at the end, so that the suite leaves
// nothing in /tmp however a test ends; the binaries the tests spawn inherit it.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** Points TMPDIR at a new directory for the run; returns the teardown that removes it. */
export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const dir = fs.mkdtempSync(path.join(previous ?? os.tmpdir(), "correx-tests-"));
  process.env.TMPDIR = dir;
  return () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  };
}
