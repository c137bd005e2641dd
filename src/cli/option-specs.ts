// The flags that bound, run, normalize, mcp and proxy share, and `read`'s and `ls`'s, as data: command-options.ts and
// program.ts declare them to commander, and command-args.ts reads `correx bound`'s, `correx read`'s and `correx ls`'s
// command lines with them without loading commander.

/** One flag as commander declares it: `--name <value>` (a value), `--name` or `--no-name` (a switch); help text; default. */
export interface OptionSpec {
  readonly flags: string;
  readonly description: string;
  readonly defaultValue?: string;
}

/** The output flags that open a bounding command's options; `format` is `--format`'s default. */
export function outputOptionSpecs(format: "text" | "json"): readonly OptionSpec[] {
  return [
    { flags: "--for <reader>", description: "projection: model | terminal (default: terminal on a TTY, else model)" },
    { flags: "--format <format>", description: "text, or json (the unified payload with meta)", defaultValue: format },
    { flags: "--to <provider>", description: "end in a provider wire payload: openai-chat | openai-responses | anthropic | gemini | bedrock | mcp | ai-sdk | opencode | kontext | eve" },
    { flags: "--tool <name>", description: "format the model text as this tool's result (bash, read, write, edit, apply_patch, glob, grep, webfetch, task, question)" },
  ];
}

/** The budget and hygiene flags: what the model text may hold and how it is cleaned. */
export const BUDGET_OPTIONS: readonly OptionSpec[] = [
  { flags: "--max-lines <n>", description: "line budget of what is written, marker included", defaultValue: "2000" },
  { flags: "--max-bytes <size>", description: "byte budget of what is written: 51200, 50KiB (default: 51200 for model, 8192 for terminal)" },
  { flags: "--max-tokens <n>", description: "token budget (an estimate that is an upper bound of o200k and cl100k, not SPEC §4's bytes/4; exact o200k with --tokenizer o200k)" },
  { flags: "--tokenizer <name>", description: "how --max-tokens counts: estimate | o200k", defaultValue: "estimate" },
  { flags: "--preset <name>", description: "budgets of a seed system or peer, as defaults flags override: rind | opencode | codex | claude-code | gemini" },
  { flags: "--keep <part>", description: "what a cut keeps: head | tail | both", defaultValue: "both" },
  { flags: "--head-ratio <ratio>", description: "share of the budget for the head when keeping both", defaultValue: "0.2" },
  { flags: "--style <style>", description: "marker dialect: correx | opencode (opencode's ToolOutputStore.bound exactly, and opencode's edit text with its diff)", defaultValue: "correx" },
  { flags: "--salience <mode>", description: "keep salient middle lines (errors, failures, their locations) between head and tail and fold near-duplicate runs: on | off (default: on for the model projection)" },
  { flags: "--keep-ansi", description: "keep ANSI escape sequences (colours) in the model text" },
  { flags: "--no-collapse", description: "keep carriage-return redraws and backspace overstrikes as they are" },
  { flags: "--no-fold", description: "keep runs of identical lines instead of folding them (and near-duplicates in a cut)" },
  { flags: "--no-binary", description: "show binary input as text instead of summarizing it" },
  { flags: "--raw", description: "no hygiene at all (implies --keep-ansi --no-collapse --no-fold --no-binary)" },
];

/** The terminal projection's width, between the budget and the store flags. */
export const WIDTH_OPTION: OptionSpec = { flags: "--width <columns>", description: "terminal projection width (default: the terminal's, else $COLUMNS, else 80)" };

/** The spill store flags: where full outputs go, and how long and how much is kept. */
export const STORE_OPTIONS: readonly OptionSpec[] = [
  { flags: "--spill-dir <dir>", description: "where full outputs are saved (default: $CORREX_SPILL_DIR, else $XDG_STATE_HOME/correx/tool-output)" },
  { flags: "--no-spill", description: "never save the full output" },
  { flags: "--max-output <size>", description: "per-output cap of what is saved (default 256MiB; env CORREX_MAX_OUTPUT)" },
  { flags: "--max-age <duration>", description: "keep stored outputs this long (default 7d; env CORREX_MAX_AGE)" },
  { flags: "--quota <size>", description: "total size of the store, oldest removed first (default 1GiB; env CORREX_QUOTA)" },
];

/** The wire flags that close a bounding command's options (they matter with --to). */
export const WIRE_OPTIONS: readonly OptionSpec[] = [
  { flags: "--call-id <id>", description: "with --to: the tool call id (tool_use_id / tool_call_id / call_id / toolUseId)" },
  { flags: "--name <name>", description: "with --to: the tool name (Gemini functionResponse.name)" },
  { flags: "--envelope <kind>", description: "with --to: part | message", defaultValue: "part" },
  { flags: "--model <model>", description: "with --to gemini or bedrock: the model, for rules that depend on it" },
  { flags: "--gemini-inline <mode>", description: "with --to gemini: parts (Gemini 3) | sibling (older models)" },
];

/** `--from` and `--json-cap`, for commands that read tool-result shapes. */
export const FROM_OPTIONS: readonly OptionSpec[] = [
  { flags: "--from <shape>", description: "input shape: auto | text | json | mcp | ai-sdk | opencode | eve | rind | kontext | anthropic | openai-chat | openai-responses | gemini | bedrock", defaultValue: "auto" },
  { flags: "--json-cap <size>", description: "largest JSON input parsed whole; larger input is treated as text", defaultValue: "64MiB" },
];

/** A bounding command's options in commander's order (output, budget, width, store, wire). */
export function projectionOptionSpecs(format: "text" | "json" = "text"): readonly OptionSpec[] {
  return [...outputOptionSpecs(format), ...BUDGET_OPTIONS, WIDTH_OPTION, ...STORE_OPTIONS, ...WIRE_OPTIONS];
}

/** `correx bound`'s own flag, after the projection and `--from` flags. */
export const LABEL_OPTION: OptionSpec = { flags: "--label <text>", description: "name the saved output (correx ls shows it; else the piping shell's command line when known)" };

/**
 * `correx run`'s own flags after the projection flags, in commander's order, but `--env` (repeatable: program.ts
 * declares it with the function that gathers its values, and command-args.ts leaves a line that gives it to commander).
 */
export const RUN_OPTIONS_BEFORE_ENV: readonly OptionSpec[] = [
  { flags: "--timeout <duration>", description: "stop the command's whole process group after this long: 500ms, 90s, 10m; a bare number is seconds (0 = none; exit 124)", defaultValue: "0" },
  { flags: "--kill-after <duration>", description: "grace period between SIGTERM and SIGKILL when the group is stopped", defaultValue: "5s" },
  { flags: "--drain <duration>", description: "once the command has exited, how long to go on reading output a background job it started still holds open; that job is left running (0 = until the job closes it)", defaultValue: "2s" },
  { flags: "--cwd <dir>", description: "working directory of the command" },
];
/** `correx run`'s own flags after `--env`, in commander's order. */
export const RUN_OPTIONS_AFTER_ENV: readonly OptionSpec[] = [
  { flags: "--shell", description: "run the command line (with the arguments appended) through sh -c" },
  { flags: "--stdin", description: "pass correx's stdin through to the command (default: the command reads an empty stdin)" },
  { flags: "--watchdog", description: "kill the command's process group if correx is killed (SIGKILL) while it runs, as an agent's timeout kills the group of the shell that started correx (one sh more per run)" },
  { flags: "--stderr <mode>", description: "merged (one stream in arrival order) | separate (stderr bounded apart: meta.stderr, a stderr: section)", defaultValue: "merged" },
  { flags: "--failure-max-bytes <size>", description: "a smaller byte budget for a command that fails (exit status not 0, a signal, a timeout), for agents that cut a failed command's output shorter (Claude Code: 10,000 characters)" },
];

/** Every flag of `correx run` that command-args.ts reads (all but `--env`), in the order commander declares them. */
export function runOptionSpecs(): readonly OptionSpec[] {
  return [...projectionOptionSpecs("text"), ...RUN_OPTIONS_BEFORE_ENV, ...RUN_OPTIONS_AFTER_ENV];
}

/** Every flag of `correx bound`, in the order commander declares them. */
export function boundOptionSpecs(): readonly OptionSpec[] {
  return [...projectionOptionSpecs("text"), ...FROM_OPTIONS, LABEL_OPTION];
}

/** `correx read`'s flags, in the order commander declares them (program.ts; store-main.ts reads them without it). */
export const READ_OPTIONS: readonly OptionSpec[] = [
  { flags: "--offset <n>", description: "first line to show (1-based; negative counts from the end: -1 is the last line)" },
  { flags: "--tail <n>", description: "show the last N lines (--offset -N --limit N)" },
  { flags: "--limit <n>", description: "most lines to show", defaultValue: "2000" },
  { flags: "--byte-offset <n>", description: "page inside line --offset from this byte of it (0-based): a line too long for one page" },
  { flags: "--max-bytes <size>", description: "byte budget of the page (its final newline included)", defaultValue: "51200" },
  { flags: "--max-tokens <n>", description: "token budget of the page (estimated, an upper bound of o200k and cl100k; default: none)" },
  { flags: "--for <reader>", description: "model (the read-tool format) | terminal (cat -n lines, then the next command) (default: terminal on a TTY, else model)" },
  { flags: "--format <format>", description: "text, or json (lines[] with numbers, next_offset)", defaultValue: "text" },
  { flags: "--projection", description: "print the model projection saved when the output was bounded (replay)" },
  { flags: "--raw", description: "show lines as stored (escape sequences and carriage-return redraws kept); a binary output's bytes" },
  { flags: "--verify", description: "also check the output's sha256 against its record; exit 65 when it changed after it was saved" },
  { flags: "--spill-dir <dir>", description: "the store to read from (default: $CORREX_SPILL_DIR, else $XDG_STATE_HOME/correx/tool-output)" },
];

/** `correx ls`'s flags, in the order commander declares them (program.ts; store-main.ts reads them without it). */
export const LS_OPTIONS: readonly OptionSpec[] = [
  { flags: "--format <format>", description: "text (a table), or json", defaultValue: "text" },
  { flags: "--spill-dir <dir>", description: "the store to list (default: $CORREX_SPILL_DIR, else $XDG_STATE_HOME/correx/tool-output)" },
];
