// Reads gathered before they are delivered (issue 16: `run -- sh -c 'yes | head'` cost 2-3× the CPU of `bound` on
// the same bytes, one bounding step and one spill-worker wake-up per 4 KiB write): what is delivered and when, the
// nap after a read that emptied the socket, counted; and through a real command's socket, how many deliveries a
// writer of 4 KiB pieces costs. Counted, never timed (fake timers for the late delivery).
import { afterEach, describe, expect, test, vi } from "vitest";
import { GATHER_BYTES, GATHER_MS, gatherReads } from "../../src/run/read-gather.js";
import { collect, spec } from "./run-fixture.js";
import { startCommand } from "../../src/run/start-command.js";

const KiB = 1024;

/** A gatherer over a 256 KiB buffer; what it delivered (copied), its pauses and naps; `read` writes `fill` bytes as net would. */
function gatherer(accept = true) {
  const buffer = Buffer.alloc(256 * KiB);
  const delivered: Buffer[] = [];
  let pauses = 0;
  let naps = 0;
  let next = 0;
  const gathered = gatherReads(buffer, (bytes) => (delivered.push(Buffer.from(bytes)), accept), () => (pauses += 1), () => (naps += 1));
  // as net does: the next read's buffer is asked for once, right after each read is handled (and at the start)
  let into = gathered.next();
  /** net reads `count` bytes (numbered from 0 on) into the buffer it was given; `drained`: fewer than it had room for. */
  const read = (count: number, drained = true): boolean => {
    for (let index = 0; index < count; index += 1) into[index] = (next++) % 251;
    const result = gathered.read(count, drained ? into : into.subarray(0, count));
    into = gathered.next();
    return result;
  };
  const expected = (from: number, count: number): Buffer => Buffer.from(Array.from({ length: count }, (_, index) => (from + index) % 251));
  return { gathered, read, delivered, expected, pauses: () => pauses, naps: () => naps, buffer };
}

afterEach(() => vi.useRealTimers());

describe("gatherReads", () => {
  test("small reads are gathered in order and delivered once GATHER_BYTES are there", () => {
    const { read, delivered, expected, naps } = gatherer();
    const piece = 4 * KiB;
    for (let index = 0; index < GATHER_BYTES / piece - 1; index += 1) expect(read(piece)).toBe(true);
    expect(delivered).toEqual([]);
    expect(read(piece)).toBe(true);
    expect(delivered).toEqual([expected(0, GATHER_BYTES)]);
    // every read but the one that reached GATHER_BYTES emptied the socket: a nap after each
    expect(naps()).toBe(GATHER_BYTES / piece - 1);
  });

  test("a big read is delivered at once, from the whole buffer (no new view), and no nap follows it", () => {
    const { gathered, read, delivered, buffer, naps } = gatherer();
    expect(gathered.next()).toBe(buffer);
    expect(read(200 * KiB)).toBe(true);
    expect(delivered.map((bytes) => bytes.length)).toEqual([200 * KiB]);
    expect(gathered.next()).toBe(buffer);
    expect(read(10 * KiB, false)).toBe(true);
    expect(naps()).toBe(0);
    expect(gathered.next().length).toBe(246 * KiB);
  });

  test("a delivery that asks to pause makes the read say so (net stops reading)", () => {
    const { read } = gatherer(false);
    expect(read(GATHER_BYTES)).toBe(false);
  });

  test("what a slow writer wrote is delivered GATHER_MS after its first bytes, pausing if asked", () => {
    vi.useFakeTimers();
    const { read, delivered, expected, pauses } = gatherer(false);
    read(100);
    read(50);
    vi.advanceTimersByTime(GATHER_MS - 0.5);
    expect(delivered).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(delivered).toEqual([expected(0, 150)]);
    expect(pauses()).toBe(1);
    // the next read goes where net was told before the late delivery (right after the last read), and starts a new wait
    read(10);
    vi.advanceTimersByTime(GATHER_MS);
    expect(delivered).toEqual([expected(0, 150), expected(150, 10)]);
    // reads that reach the buffer's last GATHER_BYTES are delivered at once, and the next read starts at 0 again
    read(200 * KiB - 160);
    expect(delivered.at(-1)).toEqual(expected(160, 200 * KiB - 160));
    read(5);
    vi.advanceTimersByTime(GATHER_MS);
    expect(delivered.at(-1)).toEqual(expected(200 * KiB, 5));
  });

  test("with the sink's room, reads go into it each time gathering starts again (their bytes delivered where they lie); never right after a delivery that paused", () => {
    const buffer = Buffer.alloc(256 * KiB);
    const rooms = [Buffer.alloc(200 * KiB), Buffer.alloc(200 * KiB)];
    const delivered: Buffer[] = [];
    let accept = true;
    let asked = 0;
    const gathered = gatherReads(buffer, (bytes) => (delivered.push(bytes), accept), () => undefined, () => undefined, (least) => (expect(least).toBe(GATHER_BYTES), rooms[asked++]));
    const first = gathered.next();
    expect(first).toBe(rooms[0]);
    expect(gathered.read(100 * KiB, first)).toBe(true);
    // the delivery is a view of the room itself: nothing was copied out of it
    expect(delivered[0]!.buffer).toBe(rooms[0]!.buffer);
    expect(delivered[0]!.byteOffset).toBe(rooms[0]!.byteOffset);
    const second = gathered.next();
    expect(second).toBe(rooms[1]);
    accept = false;
    expect(gathered.read(GATHER_BYTES, second)).toBe(false);
    // the paused bytes are still to be given to the sink: the room it would lend now is where they go
    expect(gathered.next()).toBe(buffer);
    expect(asked).toBe(2);
  });

  test("flush delivers what is left (the reader closed), and nothing when nothing is", () => {
    vi.useFakeTimers();
    const { gathered, read, delivered, expected } = gatherer();
    read(3000);
    gathered.flush();
    expect(delivered).toEqual([expected(0, 3000)]);
    gathered.flush();
    vi.advanceTimersByTime(10 * GATHER_MS);
    expect(delivered).toHaveLength(1);
  });
});

describe.skipIf(process.platform !== "linux")("a command's writes, gathered, through its socket", () => {
  test("`yes | head -c 4M` (4 KiB writes): every byte, in order, in fewer deliveries than 16 KiB each would take", async () => {
    const size = 4 * 1024 * KiB;
    const output = collect();
    const handle = await startCommand(spec("sh", ["-c", `yes | head -c ${size}`]), output.sink);
    expect((await handle.done).exitCode).toBe(0);
    const bytes = output.bytes();
    expect(bytes.length).toBe(size);
    expect(bytes.equals(Buffer.from("y\n".repeat(size / 2)))).toBe(true);
    expect(output.chunks.length).toBeLessThan(size / (16 * KiB));
  });

  // Which pieces share a delivery depends on when the 1 ms timer fires (late on a loaded machine); the fake-timer
  // tests above pin the deadline. Here: nothing lost or reordered, and a delivery never splits a piece.
  test("a writer that pauses: every piece delivered, in order, the last one at the close", async () => {
    const output = collect();
    const handle = await startCommand(spec("sh", ["-c", "printf one; sleep 0.1; printf two; sleep 0.1; printf three"]), output.sink);
    expect((await handle.done).exitCode).toBe(0);
    expect(output.text()).toBe("onetwothree");
    const pieces = output.chunks.map((chunk) => chunk.bytes.toString());
    expect(pieces.every((piece) => /^(?:one)?(?:two)?(?:three)?$/.test(piece) && piece.length > 0)).toBe(true);
  });
});
