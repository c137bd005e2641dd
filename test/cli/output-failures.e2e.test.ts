// What `correx bound` does when its output or its store cannot take everything, end to end: a reader that closes
// the pipe early (`| head -1`), a read-only store, a full disk. Each says what happened, exits with the documented
// status and keeps what it can: the projection is written, a spill that cannot be made is said in the marker.
// The read-only and full file systems are tmpfs mounts in a private mount namespace (unshare -rm).
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { CORREX } from "./cli-process.js";
import { bash, quote, tmpfsMountable, withTmpfs as withTmpfsIn } from "./tmpfs.js";

const root = fs.mkdtempSync(join(tmpdir(), "correx-output-failures-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const input = join(root, "input");
const INPUT = Buffer.from(Array.from({ length: 300_000 }, (_, index) => `line ${index + 1}\n`).join(""));
fs.writeFileSync(input, INPUT);
const correx = `${quote(process.execPath)} ${quote(CORREX)}`;
const mountable = tmpfsMountable(root);
const withTmpfs = (size: string, setup: string, command: string): ReturnType<typeof withTmpfsIn> => withTmpfsIn(root, size, setup, command);

describe("a reader that stops early", () => {
  test("`| head -1`: correx ends quietly with status 0, and the output is saved and recorded all the same", () => {
    const store = join(root, "store-head");
    // 1 MiB of projection: more than a pipe holds, so correx is still writing when head exits.
    const run = bash(`${correx} bound --spill-dir ${quote(store)} --max-bytes 1MiB --max-lines 1000000 < ${quote(input)} | head -1; echo "correx exited \${PIPESTATUS[0]}" >&2`);
    expect(run.stdout).toBe("line 1\n");
    expect(run.stderr).toBe("correx exited 0\n");
    const records = fs.readdirSync(store).filter((name) => name.endsWith(".json"));
    expect(records).toHaveLength(1);
    const record = JSON.parse(fs.readFileSync(join(store, records[0]!), "utf8"));
    expect(record.size).toBe(INPUT.length);
    expect(fs.readFileSync(join(store, record.id)).equals(INPUT)).toBe(true);
  });
});

describe.skipIf(!mountable)("a store that cannot take the output", () => {
  test("a read-only store: the projection is written, the marker says why nothing was saved, status 0", () => {
    const run = withTmpfs("1m", "mkdir -m 700 MNT/store && mount -o remount,ro MNT", `${correx} bound --spill-dir MNT/store < ${quote(input)}`);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(/^line 1\n/);
    expect(run.stdout).toContain("line 300000\n");
    expect(run.stdout).toMatch(/\[full output not saved: cannot create \S+\/store\/tool_\w+: the file system is read-only \(EROFS\)\]/);
  });

  test("a full disk: the projection is written, the marker says the disk is full, a tombstone says why, status 0", () => {
    const run = withTmpfs("1m", "mkdir -m 700 MNT/store", `${correx} bound --spill-dir MNT/store < ${quote(input)}; echo "status $?"; ls -A MNT/store; cat MNT/store/.tombstones/*.json`);
    const [projection, after] = run.stdout.split("status ");
    expect(projection).toMatch(/^line 1\n/);
    expect(projection).toContain("line 300000\n");
    const marker = /\[full output not saved \((tool_\w+)\): cannot write \S+: the disk is full \(ENOSPC\)\]/.exec(projection!);
    expect(marker).not.toBeNull();
    // Nothing half-written is left: only the tombstone, which `correx read` gives as the reason.
    const [status, listing, tombstone] = after!.split("\n");
    expect(status).toBe("0");
    expect(listing).toBe(".tombstones");
    expect(JSON.parse(tombstone!)).toMatchObject({ id: marker![1], reason: "disk-full", size: INPUT.length });
    expect(run.stderr).toBe("");
  });

  test("a full disk under stdout: exit 74 with the reason, and the output is saved and recorded", () => {
    const store = join(root, "store-stdout-full");
    const run = withTmpfs("64k", "true", `${correx} bound --spill-dir ${quote(store)} --max-bytes 1MiB --max-lines 1000000 < ${quote(input)} > MNT/out`);
    expect(run.status).toBe(74);
    expect(run.stderr).toBe("correx: cannot write output: ENOSPC: no space left on device, write\n");
    const records = fs.readdirSync(store).filter((name) => name.endsWith(".json"));
    expect(records).toHaveLength(1);
    expect(JSON.parse(fs.readFileSync(join(store, records[0]!), "utf8")).size).toBe(INPUT.length);
  });
});
