// The lines that travel above a salient line: what says where it is or what ran (a trace line, gcc's `In function`,
// a file header, a test's title or log, the source line a checker points at), shared by groups.ts and near-fold.ts.
import { sequenceSafeEnd } from "../../text/ansi.js";
import { isLowSurrogateAt } from "../../text/utf8.js";
import type { Above } from "./lines-above.js";
import type { NumberedLine } from "./reservoir.js";
import { EXUNIT_DETAIL } from "./group-lines.js";
import { LOCATED_ABOVE, locationAbove } from "./location-above.js";
import { compileNative } from "./native-regexps.js";
import { isCompilerContext, isFileHeader, isTraceLine, SALIENT_SCORE, scoreLine } from "./rules.js";

/** Longest line kept whole in a group; longer lines are cut (the spill has them whole). */
export const MAX_LINE_CHARS = 2000;

/** A line as a group keeps it: cut at MAX_LINE_CHARS, never inside a character or a kept escape sequence. */
export function clip(text: string): string {
  if (text.length <= MAX_LINE_CHARS) return text;
  const end = isLowSurrogateAt(text, MAX_LINE_CHARS) ? MAX_LINE_CHARS - 1 : MAX_LINE_CHARS;
  return `${text.slice(0, sequenceSafeEnd(text, end))}…`;
}

/** Lines taken above a salient line: a Go test's own log over its `--- FAIL:` (`    x_test.go:12: got 2, want 3`), the linker's over `collect2`. */
const MAX_TEST_LOG = 8;
/** Lines looked back through, over a gcc error, for the `In function` line of its function (its earlier diagnostics between). */
const MAX_COMPILER_LOOK_BACK = 24;

/** gcc's and clang's error line (`f.c:10:23: error: …`), whose `In function` line may stand above other diagnostics. */
const COMPILER_ERROR = /^[^\s:]+:\d+:\d+: (?:fatal )?error: /;
/** What gcc prints between its `In function` line and a later diagnostic of the same function. */
const COMPILER_DETAIL = /^\s|^[^\s:]+:\d+:\d+: (?:warning|note|error): |^In file included from /;
/** ShellCheck's mark under the source line (`         ^-----^ SC2045 (error): …`), under `In x.sh line 3:` and that line. */
const SHELLCHECK_MARK = /^\s*\^[-^]*\s+SC\d{4} /;

/**
 * The lines that travel above a salient line (a new array, the caller's to keep): a `set -x` trace line right above
 * it, gcc's `In function` line over its diagnostics, the file header owning its block, pytest's `>` source line over
 * its `E` lines, ShellCheck's `In x.sh line N:` and source line, or the indented log lines right above a `--- FAIL:`
 * (`go test -v` prints what the test logged before it). Near-duplicate folding (near-fold.ts) keeps the same lines
 * out of its runs. The rules (ownerOfAny) run only where one of two tests, of the line and of the line above, says
 * one may apply: a log line costs two regular expressions and the line above, and TurboFan compiles none of the
 * rules into the hit path (issue 16: they were ~10 checks a scored line, compiled into GroupBuilder.offer, then
 * again on their own).
 */
export function ownerOf(line: NumberedLine, before: Above): NumberedLine[] {
  if (!native) {
    native = true;
    compileNative([OWNS_BY_TEXT, OWNS_FROM_ABOVE]);
  }
  if (!OWNS_BY_TEXT.test(line.text)) {
    const above = before.at(1);
    if (!above || !OWNS_FROM_ABOVE.test(above.text)) return [];
  }
  return ownerOfAny(line, before);
}

/** ownerOf's rules one by one (ownerOf runs them only where one of its two tests says one may apply). */
export function ownerOfAny(line: NumberedLine, before: Above): NumberedLine[] {
  const own = ownerByText(line, before);
  if (own) return own;
  const above = before.at(1);
  if (above && (isTraceLine(above.text) || isCompilerContext(above.text) || GLOG_FATAL.test(above.text) || (GO_PACKAGE.test(above.text) && GO_ERROR.test(line.text)))) return [{ number: above.number, text: clip(above.text) }];
  if (line.text.includes("error: ") && COMPILER_ERROR.test(line.text)) return compilerContext(before);
  const title = failureTitle(before);
  if (title.length > 0) return title;
  if (line.text.startsWith("collect2: error: ld returned")) return aboveWhile(before, (text) => LINKER.test(text));
  if (PYTHON_EXCEPTION.test(line.text)) return pythonLocation(before);
  if (!/^[ \t]/.test(line.text)) return [];
  for (let distance = 1; distance <= 400; distance += 1) {
    const candidate = before.at(distance);
    if (!candidate || candidate.text.trim().length === 0) return [];
    if (/^[ \t]/.test(candidate.text)) continue;
    return isFileHeader(candidate.text) ? [{ number: candidate.number, text: clip(candidate.text) }] : [];
  }
  return [];
}

/** The owner that a line's own text decides first: a Go test's log over `--- FAIL:`, pytest's title and `>` line (or its short traceback's frame line and code) over an `E` line, git push's refs, ShellCheck's location, ansible's task, pylint's module, doctest's location over its failed example. */
function ownerByText(line: NumberedLine, before: Above): NumberedLine[] | undefined {
  const located = locationAbove(line, before);
  if (located) return located.map((each) => ({ number: each.number, text: clip(each.text) }));
  if (line.text.startsWith("--- FAIL: ")) return aboveWhile(before, (text) => /^[ \t]+\S/.test(text));
  if (line.text.startsWith("error: failed to push ")) return aboveWhile(before, (text) => GIT_PUSH_REF.test(text));
  if (SHELLCHECK_MARK.test(line.text)) return shellcheckLocation(before);
  if (ANSIBLE_FAILED.test(line.text)) return ansibleTask(before);
  if (PYLINT_ERROR.test(line.text)) return pylintModule(before);
  if (line.text === "Failed example:") return aboveWhile(before, (text) => DOCTEST_LOCATION.test(text));
  if (DPKG_ERROR.test(line.text)) return maintainerScriptLine(before);
  if (EXUNIT_DETAIL.test(line.text)) return aboveWhile(before, (text) => /^\s+\S/.test(text) && !EXUNIT_DETAIL.test(text));
  const refused = SYSTEMD_REFUSAL.exec(line.text);
  if (refused) return aboveWhile(before, (text) => text.startsWith(`${refused[1]}:`) || text.includes(`/${refused[1]}:`));
  if (!/^E {2,}\S/.test(line.text)) return undefined;
  const source = before.at(1);
  return source && /^> /.test(source.text) ? pytestSection(before, { number: source.number, text: clip(source.text) }) : pytestShortFrame(before);
}

/**
 * systemd's refusal of a unit (`ledger-37.service: Service has no ExecStart=, … Refusing.`), over which its parser's
 * lines about the same unit's file say why (`/etc/…/ledger-37.service:6: Unknown key 'ExecStrat' in section [Service],
 * ignoring.`).
 */
const SYSTEMD_REFUSAL = /^(\S+\.(?:service|socket|timer|mount|automount|swap|target|path|slice|scope)): .*\bRefusing\.$/;

/** dpkg's `dpkg: error processing package ledger-agent (--configure):` (apt-get's and dpkg -i's). */
const DPKG_ERROR = /^dpkg(?:-\w+)?: error processing (?:package|archive) /;
/** dpkg's own progress lines, which a maintainer script's message is not. */
const DPKG_PROGRESS = /^(?:Setting up |Unpacking |Preparing to unpack |Selecting previously |Processing triggers |\(Reading database |dpkg(?:-\w+)?: |Errors were encountered)/;

/**
 * The line a package's maintainer script printed as it failed (`install: invalid user ‘ledger’`, `mkdir: cannot create
 * directory …`), right above dpkg's `error processing package` line: what went wrong, where dpkg says only that the
 * script returned 1. Not one of dpkg's own progress lines, nor a line salient itself (`mkdir: cannot create directory …`
 * is a group of its own).
 */
function maintainerScriptLine(before: Above): NumberedLine[] {
  const above = before.at(1);
  if (!above || above.text.trim().length === 0 || DPKG_PROGRESS.test(above.text) || scoreLine(above.text) >= SALIENT_SCORE) return [];
  return [{ number: above.number, text: clip(above.text) }];
}

/** doctest's `File "/app/ledger.py", line 1631, in ledger.net_total` over its `Failed example:`. */
const DOCTEST_LOCATION = /^File ".*", line \d+, in \S/;

/** pytest's frame line in its short tracebacks (`--tb=short`, a collection error): `tests/test_mod.py:90: in test_total`. */
const PYTEST_SHORT_FRAME = /^[^\s:]+\.py:\d+: in \S/;

/** The frame line and its code (with 3.11's `^^^^` marks) over an `E` line of a short traceback; undefined without one. */
function pytestShortFrame(before: Above): NumberedLine[] | undefined {
  const lines: NumberedLine[] = [];
  for (let distance = 1; distance <= 4; distance += 1) {
    const candidate = before.at(distance);
    if (!candidate) return undefined;
    lines.unshift({ number: candidate.number, text: clip(candidate.text) });
    if (PYTEST_SHORT_FRAME.test(candidate.text)) return lines;
    if (!/^\s+\S/.test(candidate.text)) return undefined;
  }
  return undefined;
}

/** pytest's section title over a failure (`____ test_total ____`), found above the `>` line through the test's code. */
const PYTEST_TITLE = /^_{3,} \S.* _{3,}$/;
/** Lines of a test's code looked back through for its title. */
const MAX_PYTEST_CODE = 24;

/** The `>` source line over an `E` line, under its section's title when the title is within MAX_PYTEST_CODE lines. */
function pytestSection(before: Above, source: NumberedLine): NumberedLine[] {
  for (let distance = 2; distance <= MAX_PYTEST_CODE; distance += 1) {
    const candidate = before.at(distance);
    if (!candidate) break;
    if (PYTEST_TITLE.test(candidate.text)) return [{ number: candidate.number, text: clip(candidate.text) }, source];
    if (candidate.text.length > 0 && !/^\s/.test(candidate.text)) break;
  }
  return [source];
}

/** Mocha's failure title over its error: `  1) parser suite 7` then `       handles error responses 17:` (a blank line may follow). */
function failureTitle(before: Above): NumberedLine[] {
  let distance = 1;
  let name = before.at(distance);
  if (name && name.text.trim().length === 0) name = before.at((distance += 1));
  if (!name || !/^\s+\S.*:$/.test(name.text)) return [];
  const suite = before.at(distance + 1);
  if (!suite || !/^\s+\d+\) \S/.test(suite.text)) return [];
  return [{ number: suite.number, text: clip(suite.text) }, { number: name.number, text: clip(name.text) }];
}

/** git push's ref lines over `error: failed to push some refs` (` ! [rejected]        main -> main (fetch first)`) and its `To <remote>`. */
const GIT_PUSH_REF = /^ [ !*=+-] .+ -> |^To \S/;

/** What GNU ld prints over gcc's `collect2: error: ld returned 1 exit status`: where, and the undefined reference. */
const LINKER = /^(?:\S*\/)?ld(?:\.\w+)?: |: (?:undefined reference to|multiple definition of) /;

/** The lines right above, nearest last, while `accept` takes them (at most MAX_TEST_LOG). */
function aboveWhile(before: Above, accept: (text: string) => boolean): NumberedLine[] {
  const lines: NumberedLine[] = [];
  for (let distance = 1; distance <= MAX_TEST_LOG; distance += 1) {
    const candidate = before.at(distance);
    if (!candidate || !accept(candidate.text)) break;
    lines.unshift({ number: candidate.number, text: clip(candidate.text) });
  }
  return lines;
}

/** A Python exception line (`KeyError: 'plum'`, `requests.exceptions.HTTPError: …`), under its traceback's innermost frame. */
const PYTHON_EXCEPTION = /^(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Exit|Interrupt)\b/;

/**
 * Python's `  File "x.py", line 3, in f` with its code (and 3.11's `~~~^^^` marks) over an exception: the traceback's
 * innermost frame, where it was raised (past the 10 lines a long traceback's group takes), or the script's own line
 * over a syntax error with no traceback.
 */
function pythonLocation(before: Above): NumberedLine[] {
  const lines: NumberedLine[] = [];
  for (let distance = 1; distance <= 4; distance += 1) {
    const candidate = before.at(distance);
    if (!candidate || !/^\s/.test(candidate.text)) return [];
    lines.unshift({ number: candidate.number, text: clip(candidate.text) });
    if (/^\s*File ".*", line \d+/.test(candidate.text)) return lines;
  }
  return [];
}

/** g++'s last line of a template's instantiation chain, the program's own code (`unit19.cpp:6:12:   required from here`). */
const REQUIRED_FROM_HERE = /^[^\s:]+:\d+:\d+:\s+required from here$/;

/**
 * gcc's `f.c: In function ‘main’:` over an error that follows other diagnostics of the same function (their code
 * frames between); over an error inside a library's template, g++'s `required from here` right above it, which says
 * where the program's own code asked for it (the error's own location is in the library's header).
 */
function compilerContext(before: Above): NumberedLine[] {
  const above = before.at(1);
  if (above && REQUIRED_FROM_HERE.test(above.text)) return [{ number: above.number, text: clip(above.text) }];
  for (let distance = 1; distance <= MAX_COMPILER_LOOK_BACK; distance += 1) {
    const candidate = before.at(distance);
    if (!candidate) return [];
    // An `In file included from` line under other diagnostics says where their header was included, not this error's.
    if (COMPILER_DETAIL.test(candidate.text)) continue;
    return isCompilerContext(candidate.text) ? [{ number: candidate.number, text: clip(candidate.text) }] : [];
  }
  return [];
}

/** ansible-playbook's failed task on a host (`fatal: [web3]: FAILED! => {…}`, a loop item's `failed: [web3] (item=…)`). */
const ANSIBLE_FAILED = /^(?:fatal|failed): \[/;
/** Lines looked back through for the task's title (a result per host may stand between). */
const MAX_ANSIBLE_LOOK_BACK = 24;
/** What ansible prints between a task's title and a host's failure: the other hosts' results, the exception's note. */
const ANSIBLE_RESULT = /^(?:ok|changed|skipping|fatal|failed): \[|^An exception occurred during task execution\b|^\.\.\.ignoring$/;

/** The task's title over a host's failure (`TASK [Install error page template 17] ****`), past the other hosts' results. */
function ansibleTask(before: Above): NumberedLine[] {
  for (let distance = 1; distance <= MAX_ANSIBLE_LOOK_BACK; distance += 1) {
    const candidate = before.at(distance);
    if (!candidate) return [];
    if (/^TASK \[.*\] \**$/.test(candidate.text)) return [{ number: candidate.number, text: clip(candidate.text) }];
    if (!ANSIBLE_RESULT.test(candidate.text)) return [];
  }
  return [];
}

/** pylint's error (`ledger/mod23.py:13:15: E1101: …`), under its module's header past the module's other messages. */
const PYLINT_ERROR = /^[^\s:]+\.py:\d+:\d+: [EF]\d{4}: /;
/** Lines looked back through for the module's header (its other messages between). */
const MAX_PYLINT_LOOK_BACK = 40;

/** pylint's `************* Module ledger.mod23` over an error, through the module's messages above it. */
function pylintModule(before: Above): NumberedLine[] {
  for (let distance = 1; distance <= MAX_PYLINT_LOOK_BACK; distance += 1) {
    const candidate = before.at(distance);
    if (!candidate) return [];
    if (/^\*{13} Module \S+$/.test(candidate.text)) return [{ number: candidate.number, text: clip(candidate.text) }];
    if (!/^[^\s:]+\.py:\d+:\d+: [A-Z]\d{4}: /.test(candidate.text)) return [];
  }
  return [];
}

/** ShellCheck's `In deploy.sh line 3:` and the source line over its mark (other marks on the same line between). */
function shellcheckLocation(before: Above): NumberedLine[] {
  const lines: NumberedLine[] = [];
  for (let distance = 1; distance <= 6; distance += 1) {
    const candidate = before.at(distance);
    if (!candidate || candidate.text.trim().length === 0) return [];
    lines.unshift({ number: candidate.number, text: clip(candidate.text) });
    if (/^In \S.* line \d+:$/.test(candidate.text)) return lines;
  }
  return [];
}

/**
 * glog's fatal line (absl's, klog's), over the stack trace the process prints as it aborts (glog's `*** Check failure
 * stack trace: ***`, Python's `Fatal Python error: Aborted`): it says why, and the byte path has no needle for it.
 */
const GLOG_FATAL = /^F\d{4}(?:\d{4})? \d\d:\d\d:\d\d\.\d{6} +\d+ [^\s:\]]+:\d+\] /;
/** The package go build, vet and test name over its compile errors (`# example.com/ledger/pkg267` over `pkg267/region.go:24:9: undefined: totl`). */
const GO_PACKAGE = /^# [\w.\/@-]+$/;
const GO_ERROR = /^\S+\.go:\d+:\d+: /;

/** True once ownerOf's two tests were compiled to native code (native-regexps.ts). */
let native = false;
/**
 * What a line's own text holds wherever ownerOfAny's rules may find an owner by it: `error: ` (gcc's error, git
 * push's, collect2's), a Go test's `--- FAIL:`, ShellCheck's mark, pytest's `E` line, a Python exception, an indent,
 * ansible's `fatal: [host]`, pylint's error, doctest's `Failed example:`, systemd's refused unit.
 */
const OWNS_BY_TEXT = new RegExp([LOCATED_ABOVE.source, "error: ", "^--- FAIL: ", SHELLCHECK_MARK.source, "^E {2,}\\S", PYTHON_EXCEPTION.source, "^[ \\t]", ANSIBLE_FAILED.source, PYLINT_ERROR.source, "^Failed example:$", "Refusing\\.$", DPKG_ERROR.source].join("|"));
/**
 * What the line above holds wherever ownerOfAny's rules may take it (or the line above it): a `set -x` trace line,
 * gcc's context (wider than isCompilerContext), a blank line, mocha's indented title ending with `:`, glog's fatal line,
 * Go's package.
 */
const OWNS_FROM_ABOVE = /^\+|: In |^In file included from |: At top level:$|^\s*$|^\s+\S.*:$|^F\d{4}(?:\d{4})? \d\d:|^# [\w.\/@-]+$/;
