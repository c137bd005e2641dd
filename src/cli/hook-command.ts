// `correx hook AGENT`: reads one hook event on stdin and writes the agent's hook answer (src/hooks/ decides).
import { resolve } from "node:path";
import { shellQuote } from "../bound/marker.js";
import { InputError, UsageError } from "../errors.js";
import { bashTimeLimits, failureBudgetFlag } from "../hooks/claude-code-limits.js";
import { answerClaudeCodeEvent, type ClaudeCodeHookOptions, type HookPermission } from "../hooks/claude-code.js";
import { claudeCodeSettings } from "../hooks/claude-code-config.js";
import { readHookEvent } from "../hooks/claude-code-types.js";
import { answerGeminiCliEvent } from "../hooks/gemini-cli.js";
import { geminiCliSettings } from "../hooks/gemini-cli-config.js";
import { readGeminiCliEvent } from "../hooks/gemini-cli-types.js";
import { answerCodexEvent } from "../hooks/codex.js";
import type { PagerBudget } from "../hooks/shell-rewrite.js";
import { codexSettings } from "../hooks/codex-config.js";
import { readCodexEvent } from "../hooks/codex-types.js";
import { CODEX_CLI_MAX_BYTES } from "../mcp/client-limits.js";
import { parseJsonBytes } from "../normalize/json-input.js";
import { stringifyJson } from "../normalize/lossless-json.js";
import type { ProjectOptions } from "../project/project.js";
import { EXIT } from "./exit-codes.js";
import { MAX_BUDGET_BYTES } from "../units.js";
import { readStdin, writeStdout } from "./io.js";
import { parseChoice, parseInteger, type RawOptions } from "./options.js";
import { openSpill } from "./pipeline.js";
import { parseProjectionConfig } from "./projection-config.js";

/** The agents whose hook protocol correx speaks (opencode takes a plugin instead: examples/opencode-plugin/). */
const AGENTS = ["claude-code", "gemini-cli", "codex"] as const;
type Agent = (typeof AGENTS)[number];
/** Below Claude Code's own 30,000-character Bash limit (and Gemini CLI's 40,000), past which they would cut correx's output again. */
export const HOOK_MAX_BYTES = "30000";
/**
 * Codex CLI keeps a shell output whole up to 10,000 tokens counted as 4 bytes each (its unified exec's default
 * `max_output_tokens`, and its history's cut at the model's policy × 1.2), else only the head and the tail: the
 * 40,000 bytes it keeps of an MCP result fit both.
 */
const CODEX_HOOK_MAX_BYTES = String(CODEX_CLI_MAX_BYTES);
const HOOK_MAX_LINES = "2000";
/** Gemini CLI's default `tools.shell.inactivityTimeout`, in seconds. */
const GEMINI_INACTIVITY_TIMEOUT = "300";

/** The hook flags, validated. */
interface HookConfig {
  agent: Agent;
  permission: HookPermission;
  maxLines: number;
  maxBytes: number;
  spillDir: string | undefined;
  /** gemini-cli: Gemini CLI's shell inactivity timeout, in seconds (0: none). */
  inactivitySeconds: number;
}

/** Runs `correx hook AGENT`; answers `{}` (change nothing) for events it has nothing to do with. */
export async function runHook(agent: string, raw: RawOptions): Promise<number> {
  const config = parseHookConfig(parseChoice("AGENT", agent, AGENTS), raw);
  if (raw.printConfig === true) {
    const settings = SETTINGS[config.agent](hookCommandLine(config));
    await writeStdout(`${JSON.stringify(settings, null, 2)}\n`);
    return 0;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of readStdin()) chunks.push(Buffer.from(chunk));
  const bytes = Buffer.concat(chunks);
  const decision =
    config.agent === "gemini-cli" ? answerGemini(bytes, config)
    : config.agent === "codex" ? answerCodexEvent(readCodexEvent(parseJsonBytes(bytes)), { runPrefix: groupKilledRunPrefix(config), pager: pagerBudget(config) })
    : answerClaudeCodeEvent(readHookEvent(parseJsonBytes(bytes)), hookOptions(config));
  if (decision === undefined) return EXIT.failure;
  if (decision.note !== undefined) process.stderr.write(`correx hook: ${decision.note}\n`);
  // the event's numbers as the agent wrote them (a big integer, 1.0: SPEC §2), in a rewritten input or output
  await writeStdout(`${stringifyJson(decision.answer)}\n`);
  return 0;
}

/**
 * The `correx run` a shell command runs under for an agent that kills its shell's process group at its limit or on
 * a cancel (Codex CLI: SIGKILL; Gemini CLI: SIGKILL, or SIGTERM then SIGKILL 200 ms later), which takes correx but
 * not the command's own group: `--watchdog` kills that group too (src/hooks/README.md, "Time").
 */
function groupKilledRunPrefix(config: HookConfig): string {
  return `correx run --for model --watchdog${runFlags(config)}`;
}

/** The budget and store of a `correx read`/`grep` typed without them: the hook's, its store absolute as runFlags makes it. */
function pagerBudget(config: HookConfig): PagerBudget {
  return { maxBytes: config.maxBytes, ...(config.spillDir === undefined ? {} : { spillDir: resolve(config.spillDir) }) };
}

/** The settings block `--print-config` prints, for a hook command line. */
const SETTINGS: Record<Agent, (hookCommand: string) => unknown> = { "claude-code": claudeCodeSettings, "gemini-cli": geminiCliSettings, codex: codexSettings };

/**
 * Gemini CLI's answer, or undefined when the event is unreadable: Gemini CLI blocks the tool on any exit status but 0
 * and 1 (it reads the hook's words as the refusal), so a malformed event exits 1, a warning, and the tool runs as it was.
 */
function answerGemini(bytes: Buffer, config: HookConfig): ReturnType<typeof answerGeminiCliEvent> | undefined {
  try {
    const event = readGeminiCliEvent(parseJsonBytes(bytes));
    return answerGeminiCliEvent(event, { permission: config.permission, runPrefix: groupKilledRunPrefix(config), inactivityMs: config.inactivitySeconds * 1000, pager: pagerBudget(config) });
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    process.stderr.write(`correx: ${error.message}\n`);
    return undefined;
  }
}

function parseHookConfig(agent: Agent, raw: RawOptions): HookConfig {
  if (raw.spillDir !== undefined && (typeof raw.spillDir !== "string" || raw.spillDir === "")) throw new UsageError("invalid value for --spill-dir: it is a directory path");
  if (agent !== "gemini-cli" && raw.inactivityTimeout !== undefined) throw new UsageError("--inactivity-timeout is for gemini-cli (Claude Code's limits are read from its environment)");
  // Codex takes a rewritten input only with `allow`, which leaves the approval to its own policy: there is nothing to choose
  if (agent === "codex" && raw.permission !== undefined) throw new UsageError("--permission is for claude-code and gemini-cli (Codex CLI takes a rewrite only with allow, then its approval policy judges the rewritten command)");
  return {
    agent,
    permission: parseChoice("--permission", raw.permission ?? "ask", ["ask", "allow"] as const),
    maxLines: parseInteger("--max-lines", raw.maxLines ?? HOOK_MAX_LINES, 1),
    maxBytes: parseInteger("--max-bytes", raw.maxBytes ?? defaultMaxBytes(agent), 1, MAX_BUDGET_BYTES),
    spillDir: raw.spillDir as string | undefined,
    inactivitySeconds: parseInteger("--inactivity-timeout", raw.inactivityTimeout ?? GEMINI_INACTIVITY_TIMEOUT, 0),
  };
}

/** The hook's default budget for an agent, as `--max-bytes` takes it. */
function defaultMaxBytes(agent: Agent): string {
  return agent === "codex" ? CODEX_HOOK_MAX_BYTES : HOOK_MAX_BYTES;
}

/** The flags that differ from the hook's defaults, as the hook command line and `correx run` take them. */
function sharedFlags(config: HookConfig, withDefaultBytes: boolean, spillDir = config.spillDir): string {
  const flags: string[] = [];
  if (String(config.maxLines) !== HOOK_MAX_LINES) flags.push(`--max-lines ${config.maxLines}`);
  if (withDefaultBytes || String(config.maxBytes) !== defaultMaxBytes(config.agent)) flags.push(`--max-bytes ${config.maxBytes}`);
  if (spillDir !== undefined) flags.push(`--spill-dir ${shellQuote(spillDir)}`);
  return flags.map((flag) => ` ${flag}`).join("");
}

/**
 * The flags of a rewritten command's `correx run`. A relative --spill-dir is made absolute from the hook's directory:
 * the command runs wherever the agent's shell is, after the line's own `cd` (`cd sub && correx run --spill-dir
 * ./store` saved in sub/store, one store per directory the agent visited, none of them the hook's own store).
 */
function runFlags(config: HookConfig): string {
  return sharedFlags(config, true, config.spillDir === undefined ? undefined : resolve(config.spillDir));
}

/** The command line of the hook itself, as the settings block installs it. */
function hookCommandLine(config: HookConfig): string {
  const inactivity = String(config.inactivitySeconds) === GEMINI_INACTIVITY_TIMEOUT ? "" : ` --inactivity-timeout ${config.inactivitySeconds}`;
  return `correx hook ${config.agent}${config.permission === "allow" ? " --permission allow" : ""}${sharedFlags(config, false)}${config.agent === "gemini-cli" ? inactivity : ""}`;
}

/** Claude Code's answer options: the `correx run` line a Bash command runs under, and the MCP output budget and store. */
function hookOptions(config: HookConfig): ClaudeCodeHookOptions {
  const raw: RawOptions = { for: "model", maxLines: String(config.maxLines), maxBytes: String(config.maxBytes), ...(config.spillDir ? { spillDir: config.spillDir } : {}) };
  const projection = parseProjectionConfig(raw, { stdoutIsTTY: false, columns: undefined, env: process.env });
  const project = (): ProjectOptions => {
    const spill = openSpill(projection);
    return { ...projection.bound, ...(spill.target ? { spill: spill.target } : {}), ...(spill.failure ? { spillFailure: spill.failure } : {}) };
  };
  return { permission: config.permission, runPrefix: `correx run${runFlags(config)}${failureBudgetFlag(config.maxBytes)}`, bashLimits: bashTimeLimits(process.env), project };
}
