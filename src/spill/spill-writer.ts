// One output streamed into the store: `<dir>/<id>` (0600, exclusive create, never through a symlink) and its line
// index `<id>.idx`, both saved through a SpillSink (on the spill worker when one takes over), capped per output.
import * as fs from "node:fs";
import * as path from "node:path";
import { describeError, discardFile, removeCreatedDirectories } from "./directory.js";
import { createId, validateId } from "./ids.js";
import { indexPathOf, openIndexFile } from "./index-file.js";
import { SpillSink, type SpillSinkOptions } from "./spill-sink.js";

/** Read and write: a spill worker that takes over reads back what was written before, to hash it. */
const CREATE_FLAGS = fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW;

/** Streams one output into `<dir>/<id>` (0600, exclusive create, never through a symlink), hashing as it goes. */
export class SpillWriter {
  readonly id: string;
  readonly path: string;
  private sink: SpillSink | undefined;
  private readonly cap: number;
  size = 0;
  notSavedBytes = 0;
  failure: string | undefined;

  /** Directories created for this writer; removed again if it saves nothing. */
  private readonly createdDirectories: readonly string[];

  /** `id`: the id to save under, chosen beforehand (createId) by a caller that names it before the output is saved. */
  constructor(dir: string, cap: number, failure?: string, createdDirectories: readonly string[] = [], options: SpillSinkOptions = {}, id?: string) {
    this.id = id === undefined ? createId() : validateId(id); // a path is built of it
    this.createdDirectories = createdDirectories;
    this.path = path.join(dir, this.id);
    this.cap = cap;
    if (failure !== undefined) {
      this.failure = failure;
      return;
    }
    let dataFd: number;
    try {
      dataFd = fs.openSync(this.path, CREATE_FLAGS, 0o600);
    } catch (error) {
      this.failure = `cannot create ${this.path}: ${describeError(error)}`;
      return;
    }
    const indexFd = openIndexFile(this.path);
    const saving = options.expectBytes === undefined ? options : { ...options, expectBytes: Math.min(options.expectBytes, cap) }; // no more is saved
    this.sink = new SpillSink({ dataFd, dataPath: this.path, ...(indexFd === undefined ? {} : { indexFd }) }, saving);
  }

  /** True when the bytes are saved on the spill worker's thread. */
  get threaded(): boolean {
    return this.sink?.threaded === true;
  }

  /** Room to read the next bytes into, which `write` then saves without a copy (spill-sink.ts), if there is any. */
  readRoom(least: number): Buffer | undefined {
    return this.size < this.cap ? this.sink?.readRoom(least) : undefined;
  }

  /** Appends bytes; past the cap they are counted as not saved. A write failure is kept, not thrown. */
  write(chunk: Uint8Array): void {
    if (this.sink === undefined) return;
    const room = this.cap - this.size;
    const part = room >= chunk.length ? chunk : chunk.subarray(0, Math.max(room, 0));
    this.notSavedBytes += chunk.length - part.length;
    if (part.length === 0) return;
    if (!this.sink.write(part)) return this.fail();
    this.size += part.length;
  }

  /** No more bytes will come: a spill worker finishes the file meanwhile (`close` then waits for it). */
  endData(): void {
    this.sink?.end();
  }

  /** Waits for the file to be complete and closes it; its size and digest, or undefined when saving failed. */
  close(): { size: number; sha256: string } | undefined {
    if (this.sink === undefined) return undefined;
    const sha256 = this.sink.close();
    if (sha256 === undefined) {
      this.fail();
      return undefined;
    }
    this.sink = undefined;
    return { size: this.size, sha256 };
  }

  /** Removes what was written (the output did not need saving, or saving failed). */
  abort(): void {
    this.sink?.abort();
    this.sink = undefined;
    discardFile(undefined, this.path);
    discardFile(undefined, indexPathOf(this.path));
    removeCreatedDirectories(this.createdDirectories);
  }

  private fail(): void {
    this.failure = `cannot write ${this.path}: ${describeError(this.sink?.failure)}`;
    this.abort();
  }
}
