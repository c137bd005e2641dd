// A log level's warning among a log's info lines: salient only while rare (a service log's one `WARNING` among 20,000
// INFO lines is what its reader wants; a compiler's hundreds of warnings are not, and no compiler's warning is one).
import { compileNative } from "./native-regexps.js";

/** The score of a rare warning's group: under every salient line's (rules.ts SALIENT_SCORE), so it never comes first. */
export const WARNING_SCORE = 2;
/** Most log-level warnings the omitted middle may hold for them to be shown (more, and none is). */
export const RARE_WARNINGS = 8;
/** Fewest lines of the omitted middle per warning shown (a warning in 50 lines is not rare). */
export const LINES_PER_RARE_WARNING = 50;

/** A structured line's level field: it alone says the level (`level=info msg="WARN threshold set"` is info). */
const LEVEL_FIELD = /\blevel=|"(?:level|severity|levelname|log\.level)"\s*:/;
/** …at warning: logfmt and Go's log/slog (`level=WARN`), winston's and slog's JSON (`"level":"warn"`), pino's and bunyan's 40. */
const WARNING_FIELD = /\blevel=(?:warn|warning|WARN|WARNING)\b|"(?:level|severity|levelname|log\.level)"\s*:\s*(?:"(?:warn|warning|WARN|WARNING)"|40[,}])/;
/** The first level word of a line (Python logging's `WARNING:root:…`, log4j's and logback's `WARN  [main]`, JUL's `WARNING`, `[WARN]`). */
const LEVEL_WORD = /(?:^|[\s[|(])(TRACE|DEBUG|FINES?T?|FINER|CONFIG|INFO|NOTICE|WARN|WARNING|ERROR|SEVERE|FATAL|CRITICAL)(?=[\s\]:|)]|$)/;
/**
 * A checker's or a bundler's finding, not a log's record: a location before the level (sphinx's `page17.rst:4: WARNING:
 * undefined label`), Maven's compiler warning (`[WARNING] /src/A.java:[12,5] …`), esbuild's `▲ [WARNING] Duplicate key
 * "max" in object literal`, webpack's `WARNING in ./src/region000.js 7:0-53`, Maven's `[WARNING] COMPILATION WARNING :` over them.
 */
const FINDING = /^[^\s:]+:\d+(?::\d+)?: WARN|^\[WARNING\] \S+:\[\d+,\d+\]|^▲ \[WARNING\]|^WARNING in |^\[WARNING\] COMPILATION WARNING :/;

/**
 * glog's, absl's and klog's record header: the severity letter, the date (glog 0.6 with its year), the time to the
 * microsecond, the thread id, the file and line (`W1204 18:00:00.123456    1234 loader.go:223] `): its letter is the level.
 */
const GLOG_HEADER = /^([IWEF])(?:\d{4})?\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ [^\s:\]]+:\d+\] /;

let native = false;

/**
 * True for a log record at a warning level: glog's, absl's and klog's by the severity letter of their header, else its
 * level field when it has one, else its first level word in capitals (a compiler's `warning:`, eslint's and tsc's
 * lower-case `warning` are none); not a checker's finding.
 */
export function isLogWarning(text: string): boolean {
  if (!native) {
    native = true;
    compileNative([GLOG_HEADER, LEVEL_FIELD, WARNING_FIELD, LEVEL_WORD, FINDING]);
  }
  const glog = GLOG_HEADER.exec(text);
  if (glog !== null) return glog[1] === "W";
  if (LEVEL_FIELD.test(text)) return WARNING_FIELD.test(text);
  const level = LEVEL_WORD.exec(text);
  return level !== null && level[1]!.startsWith("WARN") && !FINDING.test(text);
}

/**
 * The text needles of a warning line (prefilter.ts): the capitals, pino's 40, a lower-case level's value, glog's and
 * klog's `W` opening the line before its month (`W1204`) or glog 0.6's year (`W2026…`).
 */
export const WARNING_NEEDLE_TEXTS: readonly string[] = ["WARN", "\"level\":4", "\"warn", "=warn", "\nW0", "\nW1", "\nW2"];
/**
 * The byte path's (buckets: needle-buckets.ts); glog's `\nW0`, `\nW1`, `\nW2` open with the newline before the line,
 * and the scan hands back the line after it (needle-scan.wat: its first byte, the kind of line read from there).
 */
export const WARNING_BYTE_NEEDLES: readonly string[] = ["WARN", "l\":40", "\"warn", "=warn", "\nW0", "\nW1", "\nW2"];

/**
 * Counts the log-level warnings of the omitted middle as they are scored, in constant memory: the reservoir holds the
 * groups of the first RARE_WARNINGS (ranked under every error's); the next one calls `exceed` once (the caller drops
 * them), and from then on `take` is false without a test.
 */
export class RareWarnings {
  count = 0;
  private readonly exceed: () => void;

  constructor(exceed: () => void = () => {}) {
    this.exceed = exceed;
  }

  /** True when `text` is a warning to offer as a group. */
  take(text: string): boolean {
    if (this.count > RARE_WARNINGS || !isLogWarning(text)) return false;
    this.count += 1;
    if (this.count <= RARE_WARNINGS) return true;
    this.exceed();
    return false;
  }

  /** True once the middle holds more warnings than are rare. */
  get exceeded(): boolean {
    return this.count > RARE_WARNINGS;
  }

  /** True when `count` warnings are rare among `lines` lines of the omitted middle. */
  rareAmong(lines: number): boolean {
    return this.count <= RARE_WARNINGS && this.count * LINES_PER_RARE_WARNING <= lines;
  }
}
