import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { IoError, NotFoundError, UsageError } from "../../src/errors.js";
import { createId, ID_PATTERN, idTime, validateId } from "../../src/spill/ids.js";
import { SpillStore, TEMPORARY_PATTERN, temporaryPath } from "../../src/spill/store.js";
import { addOutput, listNames, makeStore } from "./helpers.js";

const freshDir = (): string => fs.mkdtempSync(path.join(tmpdir(), "correx-safety-"));

describe("ids", () => {
  test("time-sortable, carry their time, and are valid", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 45 }), fc.integer({ min: 0, max: 2 ** 45 }), (first, second) => {
      const [a, b] = [createId(first), createId(second)];
      expect(ID_PATTERN.test(a) && ID_PATTERN.test(b)).toBe(true);
      expect(idTime(a)).toBe(first);
      if (first < second) expect(a < b).toBe(true);
    }));
  });

  test.each(["../etc/passwd", "tool_", "tool_01jdq3v2m8x4k7c9r5t0w2y6a", "tool_01jdq3v2m8x4k7c9r5t0w2y6ab/", "TOOL_01JDQ3V2M8X4K7C9R5T0W2Y6AB", "tool_01jdq3v2m8x4k7c9r5t0w2y6ai"])("refuses %j before any path is built", (id) => {
    const store = new SpillStore("/nonexistent");
    expect(() => validateId(id)).toThrow(UsageError);
    expect(() => store.dataPath(id)).toThrow(UsageError);
    expect(() => store.recordPath(id)).toThrow(UsageError);
  });
});

describe("SpillStore safety", () => {
  test("prepare creates the directory 0700", () => {
    const dir = path.join(freshDir(), "a", "store");
    new SpillStore(dir).prepare();
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
  });

  test("refuses a directory that is a symbolic link", () => {
    const base = freshDir();
    fs.mkdirSync(path.join(base, "real"), { mode: 0o700 });
    fs.symlinkSync(path.join(base, "real"), path.join(base, "link"));
    const store = new SpillStore(path.join(base, "link"));
    expect(() => store.prepare()).toThrow(new IoError(`refusing spill directory ${path.join(base, "link")}: it is a symbolic link`));
    expect(() => store.verify()).toThrow(IoError);
    expect(() => new SpillStore(`${path.join(base, "link")}/`).verify()).toThrow("it is a symbolic link");
  });

  test.each([0o777, 0o770, 0o702])("refuses a directory writable by others (mode %o)", (mode) => {
    const dir = path.join(freshDir(), "store");
    fs.mkdirSync(dir);
    fs.chmodSync(dir, mode);
    expect(() => new SpillStore(dir).prepare()).toThrow(new IoError(`refusing spill directory ${dir}: it is writable by others (mode ${mode.toString(8)})`));
  });

  test.runIf(process.getuid?.() === 0)("refuses a directory owned by another user", () => {
    const dir = path.join(freshDir(), "store");
    fs.mkdirSync(dir, { mode: 0o700 });
    fs.chownSync(dir, 4242, 4242);
    expect(() => new SpillStore(dir).prepare()).toThrow(new IoError(`refusing spill directory ${dir}: it belongs to another user (uid 4242)`));
  });

  test("refuses a file where the directory should be", () => {
    const file = path.join(freshDir(), "store");
    fs.writeFileSync(file, "");
    expect(() => new SpillStore(file).verify()).toThrow(new IoError(`refusing spill directory ${file}: it is not a directory`));
  });

  test("verify does not create a missing store", () => {
    const dir = path.join(freshDir(), "missing");
    expect(() => new SpillStore(dir).verify()).toThrow(new NotFoundError(`no spill store at ${dir}`));
    expect(fs.existsSync(dir)).toBe(false);
  });
});

describe("SpillWriter", () => {
  test("writes 0600, exclusively, and hashes what it saved", () => {
    const store = makeStore();
    const writer = store.createWriter();
    writer.write(Buffer.from("hello\n"));
    expect(writer.close()).toEqual({ size: 6, sha256: "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03" });
    expect(fs.statSync(writer.path).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(writer.path, "utf8")).toBe("hello\n");
  });

  test("an id chosen beforehand is the one saved under; one that is no id is refused before any path is built", () => {
    const store = makeStore();
    const id = createId();
    const writer = store.createWriter(undefined, undefined, id);
    expect(writer.id).toBe(id);
    expect(writer.path).toBe(store.dataPath(id));
    writer.write(Buffer.from("named\n"));
    expect(writer.close()?.size).toBe(6);
    expect(() => store.createWriter(undefined, undefined, "../escape")).toThrow(UsageError);
  });

  test("past the cap, bytes are counted as not saved", () => {
    const store = makeStore();
    const writer = store.createWriter(10);
    writer.write(Buffer.from("0123456"));
    writer.write(Buffer.from("789abcdef"));
    expect(writer.close()?.size).toBe(10);
    expect(writer.notSavedBytes).toBe(6);
    expect(fs.readFileSync(writer.path, "utf8")).toBe("0123456789");
  });

  test("a failure to create is kept on the writer, not thrown", () => {
    const store = makeStore();
    fs.rmSync(store.dir, { recursive: true });
    fs.writeFileSync(store.dir, "a file where the store should be");
    const writer = store.createWriter();
    writer.write(Buffer.from("lost"));
    expect(writer.close()).toBeUndefined();
    expect(writer.failure).toBe(`refusing spill directory ${store.dir}: it is not a directory`);
  });
});

describe("records", () => {
  test("written atomically through a temporary file that matches TEMPORARY_PATTERN", () => {
    const store = makeStore();
    const id = addOutput(store, Date.now());
    expect(listNames(store.dir)).toEqual([id, `${id}.json`]);
    expect(TEMPORARY_PATTERN.test(path.basename(temporaryPath(store.recordPath(id))))).toBe(true);
    expect(store.readRecord(id)).toMatchObject({ id, size: 14, lines: 2 });
  });

  test("a missing record is NotFoundError, a damaged one IoError", () => {
    const store = makeStore();
    const id = createId();
    expect(() => store.readRecord(id)).toThrow(new NotFoundError(`no stored output ${id} in ${store.dir}`));
    fs.writeFileSync(store.recordPath(id), '{"id": "trunc');
    expect(() => store.readRecord(id)).toThrow(IoError);
    expect(() => store.readRecord(id)).toThrow(`the record of ${id} is damaged`);
    // a record of lines of garbage: the message stays one line (the parser quotes the text, newlines and all)
    fs.writeFileSync(store.recordPath(id), "garbage\nmore garbage\n");
    expect(() => store.readRecord(id)).toThrow(/^the record of tool_\w+ is damaged \(.*\): [^\n]*$/);
  });
});
