// A pipe on stdin that correx cannot open a description of its own for (no /proc: a chroot, a sandbox, a
// system without it) is read as before the interruptible reader: blocking reads, and, when the pipe is
// non-blocking already (its writer's side set it on the shared description), a wait on fd 0 itself, as
// process.stdin's was. /proc is hidden by a tmpfs over it in a private mount namespace (unshare -rm); Python makes
// the non-blocking pipe (Node's child_process gives a child's stdin blocking) and holds its write end.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { CORREX } from "./cli-process.js";

const root = fs.mkdtempSync(join(tmpdir(), "correx-stdin-without-proc-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** /proc can be hidden in a private mount namespace here, and Python is there to make the pipe. */
const possible = spawnSync("unshare", ["-rm", "sh", "-c", "mount -t tmpfs tmpfs /proc && test ! -e /proc/self"]).status === 0 && spawnSync("python3", ["-c", "pass"]).status === 0;

// The writer writes a line, waits until correx has read it and waits for more (in epoll_wait: a read that found
// the non-blocking pipe empty, or correx's end; /proc/PID/wchan says ep_poll or do_epoll_wait), then writes the second line and closes the pipe.
const DRIVER = String.raw`
import os, subprocess, sys, time
r, w = os.pipe()
os.set_blocking(r, False)
hide = 'mount -t tmpfs tmpfs /proc && exec "$@"'
p = subprocess.Popen(['unshare', '-rm', 'sh', '-c', hide, 'sh', sys.argv[1], sys.argv[2], 'bound', '--no-spill'], stdin=r, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
os.close(r)
os.write(w, b'first line\n')
def waiting():
    try:
        state = open('/proc/%d/wchan' % p.pid).read()
        return state == 'ep_poll' or 'epoll' in state  # do_epoll_wait on newer kernels
    except OSError:
        return False
while p.poll() is None and not waiting():
    time.sleep(0.01)
os.write(w, b'second line\n') if p.poll() is None else None
os.close(w)
out, err = p.communicate()
sys.stdout.write('%d\n%s%s' % (p.returncode, out.decode(), err.decode()))
`;

test.skipIf(!possible)("a non-blocking pipe without /proc: every line is read and bounded, exit 0", () => {
  const driver = join(root, "driver.py");
  fs.writeFileSync(driver, DRIVER);
  const run = spawnSync("python3", [driver, process.execPath, CORREX], { env: { ...process.env, NO_COLOR: "1" } });
  // Before: "74\ncorrex: cannot read standard input: it is non-blocking and cannot be waited on".
  expect(run.stdout.toString()).toBe("0\nfirst line\nsecond line\n");
});
