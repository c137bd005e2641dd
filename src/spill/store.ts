// The spill store: a private directory of full outputs, each with a sidecar record, written exclusively.
import { nodeCrypto } from "../lazy-builtin.js";
import * as fs from "node:fs";
import * as path from "node:path";
import { IoError, NotFoundError } from "../errors.js";
import { validateId } from "./ids.js";
import { checkParents, describeError, ensureDirectory, refuseUnsafeDirectory } from "./directory.js";
import type { SpillSinkOptions } from "./spill-sink.js";
import { SpillWriter } from "./spill-writer.js";
import { utf8CharBoundary } from "../text/utf8.js";

/** What the store remembers about one output (the sidecar `<id>.json`). */
export interface SpillRecord {
  id: string;
  created: string;
  size: number;
  lines: number;
  sha256: string;
  command?: string;
  /** What the user named the output (`bound --label`). */
  label?: string;
  /** The shell command line that piped into `correx bound` (its parent's `sh -c` script), when it could be known. */
  parent_command?: string;
  tool?: string;
  exit_code?: number | null;
  /** The signal that ended the command of a run (`exit_code` is null then), unless correx sent it (`interrupted`). */
  signal?: string;
  source_shape?: string;
  /** Bytes the per-output cap kept out of the file. */
  not_saved_bytes?: number;
  /** Bytes of the text view (`ID.text`), when it has one: a reader tells a view deleted or changed since. */
  text_size?: number;
  /** Bytes of the text the per-output cap kept out of the text view (`ID.text`), when it has one. */
  text_not_saved_bytes?: number;
  /** The signal that cut the input short (SIGINT, SIGTERM, SIGHUP): the output is what had arrived by then. */
  interrupted?: string;
  /**
   * A run whose command exited while a background process it started still held the output: correx read it this many
   * ms more, then stopped (what that process wrote later is not here).
   */
  output_held_ms?: number;
  /** The model projection emitted when the output was bounded (replay). */
  projection?: string;
  /** The bounding settings the projection was made with. */
  settings?: Record<string, unknown>;
}

/** A text view written: where, and the bytes of the text the per-output cap kept out of it. */
export interface TextViewWritten {
  path: string;
  notSavedBytes: number;
}

/** Where outputs go by default: $XDG_STATE_HOME/correx/tool-output, else ~/.local/state/correx/tool-output. */
export function defaultSpillDir(env: NodeJS.ProcessEnv, home: string): string {
  if (env.CORREX_SPILL_DIR) return env.CORREX_SPILL_DIR;
  const state = env.XDG_STATE_HOME && path.isAbsolute(env.XDG_STATE_HOME) ? env.XDG_STATE_HOME : path.join(home, ".local", "state");
  return path.join(state, "correx", "tool-output");
}

/** A directory of spilled outputs and their records. */
export class SpillStore {
  readonly dir: string;
  /** How writers save (on the spill worker unless `thread: false`; a `fault` in tests). */
  private readonly writerOptions: SpillSinkOptions;

  constructor(dir: string, writerOptions: SpillSinkOptions = {}) {
    this.dir = path.resolve(dir);
    this.writerOptions = writerOptions;
  }

  /**
   * Creates the directory (0700) and its missing parents if needed, and refuses one that is a symlink, shared
   * with others, not ours, or under a parent others can write. Called only when something is to be saved.
   */
  prepare(): string[] {
    const created = ensureDirectory(this.dir);
    this.verify();
    return created;
  }

  /**
   * Checks an existing store without creating anything (readers and gc): NotFoundError when it is missing,
   * IoError when it is a symlink, not a directory, another user's, or writable by group or others (or a parent is).
   */
  verify(): void {
    checkParents(this.dir);
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new NotFoundError(`no spill store at ${this.dir}`);
      throw new IoError(`cannot use spill directory ${this.dir}: ${describeError(error)}`, { cause: error });
    }
    refuseUnsafeDirectory(this.dir, stat, "spill directory");
  }

  /**
   * Opens a writer for a new output (creating the store first); failures are reported on the writer, not thrown.
   * `blockMemory`: where the first bytes it is given already lie (SpillSinkOptions.blockMemory); `id`: the id to save
   * under when the caller chose it beforehand (else a new one).
   */
  createWriter(cap: number = Number.MAX_SAFE_INTEGER, blockMemory?: Buffer, id?: string): SpillWriter {
    let created: string[];
    try {
      created = this.prepare();
    } catch (error) {
      return new SpillWriter(this.dir, cap, (error as Error).message, [], {}, id);
    }
    return new SpillWriter(this.dir, cap, undefined, created, blockMemory ? { ...this.writerOptions, blockMemory } : this.writerOptions, id);
  }

  /** The path of an output's bytes (the id is validated first). */
  dataPath(id: string): string {
    return path.join(this.dir, validateId(id));
  }

  /** The path of an output's line index (`<id>.idx`, see line-index.ts). */
  indexPath(id: string): string {
    return path.join(this.dir, `${validateId(id)}.idx`);
  }

  /** The path of an output's record. */
  recordPath(id: string): string {
    return path.join(this.dir, `${validateId(id)}.json`);
  }

  /** Path of the text view of a structured output (`<id>.text`: the text the marker's line numbers count). */
  textViewPath(id: string): string {
    return path.join(this.dir, `${validateId(id)}.text`);
  }

  /**
   * Saves the text derived from a structured input beside it (0600, exclusive): at most `maxBytes` of it, cut where a
   * character starts. The path and the bytes left out, or why it failed.
   */
  writeTextView(id: string, text: string, maxBytes = Number.POSITIVE_INFINITY): TextViewWritten | { failure: string } {
    const target = this.textViewPath(id);
    try {
      const flags = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW;
      const fd = fs.openSync(target, flags, 0o600);
      let notSavedBytes = 0;
      try {
        const bytes = Buffer.from(text);
        const end = utf8CharBoundary(bytes, maxBytes);
        notSavedBytes = bytes.length - end;
        for (let offset = 0; offset < end; ) offset += fs.writeSync(fd, bytes, offset, end - offset);
      } finally {
        fs.closeSync(fd);
      }
      return { path: target, notSavedBytes };
    } catch (error) {
      return { failure: `cannot write ${target}: ${describeError(error)}` };
    }
  }

  /** Writes a record atomically: a temporary file renamed over the final name. */
  writeRecord(record: SpillRecord): void {
    const final = this.recordPath(record.id);
    const temporary = temporaryPath(final);
    const flags = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW;
    const fd = fs.openSync(temporary, flags, 0o600);
    try {
      fs.writeSync(fd, `${JSON.stringify(record, null, 2)}\n`);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, final);
  }

  /** Reads an output's record; NotFoundError when there is none. */
  readRecord(id: string): SpillRecord {
    let text: string;
    try {
      text = fs.readFileSync(this.recordPath(id), "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new NotFoundError(`no stored output ${id} in ${this.dir}`);
      throw new IoError(`cannot read the record of ${id}: ${describeError(error)}`, { cause: error });
    }
    try {
      return JSON.parse(text) as SpillRecord;
    } catch (error) {
      // one line: the parser's message quotes the record's text, newlines and all
      throw new IoError(`the record of ${id} is damaged (${this.recordPath(id)}): ${(error as Error).message.replace(/\s+/g, " ")}`, { cause: error });
    }
  }
}

/** A unique temporary name beside `final` (`<final>.<pid>-<random>.tmp`), renamed over it once complete. */
export function temporaryPath(final: string): string {
  return `${final}.${process.pid}-${nodeCrypto().randomBytes(4).toString("hex")}.tmp`;
}

/** Temporary files left beside records and tombstones: collected once they are old (a crashed writer). */
export const TEMPORARY_PATTERN = /^tool_[0-9a-z]{26}\.json\.\d+-[0-9a-f]{8}\.tmp$/;

export { describeError, refuseUnsafeDirectory, SpillWriter };
