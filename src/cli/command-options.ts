// The flags that bound, run, normalize, mcp and proxy share, declared once for commander.
import { Option, type Command } from "commander";

/** Adds the budget, hygiene, spill and output flags of a bounding command. */
export function addProjectionOptions(command: Command, format: "text" | "json" = "text"): Command {
  const output = command
    .option("--for <reader>", "projection: model | terminal (default: terminal on a TTY, else model)")
    .option("--format <format>", "text, or json (the unified payload with meta)", format)
    .option("--to <provider>", "end in a provider wire payload: openai-chat | openai-responses | anthropic | gemini | bedrock | mcp | ai-sdk | opencode | kontext | eve")
    .option("--tool <name>", "format the model text as this tool's result (bash, read, write, edit, apply_patch, glob, grep, webfetch, task, question)");
  addStoreOptions(addBudgetOptions(output).option("--width <columns>", "terminal projection width (default: the terminal's, else $COLUMNS, else 80)"));
  return command
    .option("--call-id <id>", "with --to: the tool call id (tool_use_id / tool_call_id / call_id / toolUseId)")
    .option("--name <name>", "with --to: the tool name (Gemini functionResponse.name)")
    .option("--envelope <kind>", "with --to: part | message", "part")
    .option("--model <model>", "with --to gemini or bedrock: the model, for rules that depend on it")
    .option("--gemini-inline <mode>", "with --to gemini: parts (Gemini 3) | sibling (older models)");
}

/** Adds the budget and hygiene flags: what the model text may hold and how it is cleaned. */
export function addBudgetOptions(command: Command): Command {
  return command
    .option("--max-lines <n>", "line budget of what is written, marker included", "2000")
    .option("--max-bytes <size>", "byte budget of what is written: 51200, 50KiB (default: 51200 for model, 8192 for terminal)")
    .option("--max-tokens <n>", "token budget (an estimate that is an upper bound of o200k and cl100k, not SPEC §4's bytes/4; exact o200k with --tokenizer o200k)")
    .addOption(new Option("--tokenizer <name>", "how --max-tokens counts: estimate | o200k").default("estimate"))
    .option("--preset <name>", "budgets of a seed system or peer, as defaults flags override: rind | opencode | codex | claude-code | gemini")
    .option("--keep <part>", "what a cut keeps: head | tail | both", "both")
    .option("--head-ratio <ratio>", "share of the budget for the head when keeping both", "0.2")
    .option("--style <style>", "marker dialect: correx | opencode (opencode's ToolOutputStore.bound exactly, and opencode's edit text with its diff)", "correx")
    .option("--salience <mode>", "keep salient middle lines (errors, failures, their locations) between head and tail and fold near-duplicate runs: on | off (default: on for the model projection)")
    .option("--keep-ansi", "keep ANSI escape sequences (colours) in the model text")
    .option("--no-collapse", "keep carriage-return redraws and backspace overstrikes as they are")
    .option("--no-fold", "keep runs of identical lines instead of folding them (and near-duplicates in a cut)")
    .option("--no-binary", "show binary input as text instead of summarizing it")
    .option("--raw", "no hygiene at all (implies --keep-ansi --no-collapse --no-fold --no-binary)");
}

/** Adds the spill store flags: where full outputs go, and how long and how much is kept. */
export function addStoreOptions(command: Command): Command {
  return command
    .option("--spill-dir <dir>", "where full outputs are saved (default: $CORREX_SPILL_DIR, else $XDG_STATE_HOME/correx/tool-output)")
    .option("--no-spill", "never save the full output")
    .option("--max-output <size>", "per-output cap of what is saved (default 256MiB; env CORREX_MAX_OUTPUT)")
    .option("--max-age <duration>", "keep stored outputs this long (default 7d; env CORREX_MAX_AGE)")
    .option("--quota <size>", "total size of the store, oldest removed first (default 1GiB; env CORREX_QUOTA)");
}

/** Adds `--from` for commands that read tool-result shapes. */
export function addFromOption(command: Command): Command {
  return command
    .option("--from <shape>", "input shape: auto | text | json | mcp | ai-sdk | opencode | eve | rind | kontext | anthropic | openai-chat | openai-responses | gemini | bedrock", "auto")
    .option("--json-cap <size>", "largest JSON input parsed whole; larger input is treated as text", "64MiB");
}
