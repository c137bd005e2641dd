// `correx rm` and `correx gc` on a store that cannot take a write, end to end: a full disk, where removing is
// how the room comes back, and a read-only file system, where nothing can be removed and the message says why.
// The file systems are tmpfs mounts in a private mount namespace (unshare -rm).
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { CORREX } from "./cli-process.js";
import { quote, tmpfsMountable, withTmpfs } from "./tmpfs.js";

const root = fs.mkdtempSync(join(tmpdir(), "correx-store-removal-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const input = join(root, "input");
fs.writeFileSync(input, Array.from({ length: 20_000 }, (_, index) => `line ${index + 1}\n`).join(""));
const correx = `${quote(process.execPath)} ${quote(CORREX)}`;
/** A store in MNT holding one saved output, then the rest of the tmpfs filled to the last block. */
const SAVED_THEN_FULL = `mkdir -m 700 MNT/store && ${correx} bound --spill-dir MNT/store --max-lines 5 < ${quote(input)} > /dev/null && { head -c 10M /dev/zero > MNT/fill 2>/dev/null || true; }`;
const listing = "; echo \"status $?\"; ls -A MNT/store MNT/store/.tombstones; df -k --output=avail MNT | tail -1";

describe.skipIf(!tmpfsMountable(root))("removing from a store that cannot take a write", () => {
  test("a full disk: `correx rm last` removes the output (freeing its room) and then writes its tombstone", () => {
    const run = withTmpfs(root, "256k", SAVED_THEN_FULL, `${correx} rm --spill-dir MNT/store last${listing}`);
    expect(run.stderr).toBe("");
    const [removed, after] = run.stdout.split("status ");
    const id = /^removed (tool_\w+)\n$/.exec(removed!)?.[1];
    expect(id).toBeDefined();
    const lines = after!.split("\n");
    expect(lines[0]).toBe("0");
    // The output's files are gone; its tombstone alone is left, whole (no empty temporary beside it).
    expect(lines).toContain(`${id}.json`);
    expect(lines.filter((line) => line.startsWith("tool_"))).toEqual([`${id}.json`]);
  });

  test("a full disk: `correx gc` over the quota removes the oldest output, status 0", () => {
    const run = withTmpfs(root, "256k", SAVED_THEN_FULL, `${correx} gc --spill-dir MNT/store --quota 1${listing}`);
    expect(run.stderr).toBe("");
    const [report, after] = run.stdout.split("status ");
    expect(report).toMatch(/^removed tool_\w+ .* over the quota \(1 B\)\nRemoved 1 output /);
    const lines = after!.split("\n");
    expect(lines[0]).toBe("0");
    expect(lines.filter((line) => line.startsWith("tool_"))).toEqual([expect.stringMatching(/^tool_\w+\.json$/)]);
  });

  test("a read-only file system: `correx rm last` says it cannot write the tombstone and exits 74", () => {
    const run = withTmpfs(root, "1m", `mkdir -m 700 MNT/store && ${correx} bound --spill-dir MNT/store --max-lines 5 < ${quote(input)} > /dev/null && mount -o remount,ro MNT`, `${correx} rm --spill-dir MNT/store last`);
    expect(run.status).toBe(74);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^correx: cannot remove output tool_\w+: cannot write its tombstone in \S+\/store: the file system is read-only \(EROFS\)\n$/);
  });

  const SAVED_THEN_READ_ONLY = `mkdir -m 700 MNT/store && ${correx} bound --spill-dir MNT/store --max-lines 5 < ${quote(input)} > /dev/null && mount -o remount,ro MNT`;

  test("a read-only file system, nothing to remove: `correx gc` reports, warns once that its time is not recorded, status 0", () => {
    const run = withTmpfs(root, "1m", SAVED_THEN_READ_ONLY, `${correx} gc --spill-dir MNT/store`);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Nothing to remove/);
    expect(run.stderr).toMatch(/^correx: warning: cannot write \S+\/store\/\.last-gc: the file system is read-only \(EROFS\): nothing needed removing, so the store is collected; only the time of this collection is not recorded\n$/);
  });

  test("a read-only file system, an output to remove: `correx gc --max-age 0` fails as it did, status 74", () => {
    const run = withTmpfs(root, "1m", SAVED_THEN_READ_ONLY, `${correx} gc --spill-dir MNT/store --max-age 0`);
    expect(run.status).toBe(74);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^correx: cannot write \S+\/store\/\.last-gc: the file system is read-only \(EROFS\)\n$/);
  });
});
