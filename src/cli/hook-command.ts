// `correx hook AGENT`: reads one hook event on stdin and writes the agent's hook answer (src/hooks/ decides).
import { shellQuote } from "../bound/marker.js";
import { UsageError } from "../errors.js";
import { bashTimeLimits } from "../hooks/claude-code-limits.js";
import { answerClaudeCodeEvent, type ClaudeCodeHookOptions, type HookPermission } from "../hooks/claude-code.js";
import { claudeCodeSettings } from "../hooks/claude-code-config.js";
import { readHookEvent } from "../hooks/claude-code-types.js";
import { parseJsonBytes } from "../normalize/json-input.js";
import type { ProjectOptions } from "../project/project.js";
import { readStdin, writeStdout } from "./io.js";
import { parseChoice, parseInteger, type RawOptions } from "./options.js";
import { openSpill } from "./pipeline.js";
import { parseProjectionConfig } from "./projection-config.js";

/** The agents whose hook protocol correx speaks (opencode takes a plugin instead: examples/opencode-plugin/). */
const AGENTS = ["claude-code"] as const;
/** Below Claude Code's own 30,000-character Bash limit, past which it would cut correx's output again. */
export const HOOK_MAX_BYTES = "30000";
const HOOK_MAX_LINES = "2000";

/** The hook flags, validated. */
interface HookConfig {
  permission: HookPermission;
  maxLines: number;
  maxBytes: number;
  spillDir: string | undefined;
}

/** Runs `correx hook AGENT`; answers `{}` (change nothing) for events it has nothing to do with. */
export async function runHook(agent: string, raw: RawOptions): Promise<number> {
  parseChoice("AGENT", agent, AGENTS);
  const config = parseHookConfig(raw);
  if (raw.printConfig === true) {
    await writeStdout(`${JSON.stringify(claudeCodeSettings(hookCommandLine(config)), null, 2)}\n`);
    return 0;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of readStdin()) chunks.push(Buffer.from(chunk));
  const event = readHookEvent(parseJsonBytes(Buffer.concat(chunks)));
  const decision = answerClaudeCodeEvent(event, hookOptions(config));
  if (decision.note !== undefined) process.stderr.write(`correx hook: ${decision.note}\n`);
  await writeStdout(`${JSON.stringify(decision.answer)}\n`);
  return 0;
}

function parseHookConfig(raw: RawOptions): HookConfig {
  if (raw.spillDir !== undefined && (typeof raw.spillDir !== "string" || raw.spillDir === "")) throw new UsageError("invalid value for --spill-dir: it is a directory path");
  return {
    permission: parseChoice("--permission", raw.permission ?? "ask", ["ask", "allow"] as const),
    maxLines: parseInteger("--max-lines", raw.maxLines ?? HOOK_MAX_LINES, 1),
    maxBytes: parseInteger("--max-bytes", raw.maxBytes ?? HOOK_MAX_BYTES, 1),
    spillDir: raw.spillDir as string | undefined,
  };
}

/** The flags that differ from the hook's defaults, as the hook command line and `correx run` take them. */
function sharedFlags(config: HookConfig, withDefaultBytes: boolean): string {
  const flags: string[] = [];
  if (String(config.maxLines) !== HOOK_MAX_LINES) flags.push(`--max-lines ${config.maxLines}`);
  if (withDefaultBytes || String(config.maxBytes) !== HOOK_MAX_BYTES) flags.push(`--max-bytes ${config.maxBytes}`);
  if (config.spillDir !== undefined) flags.push(`--spill-dir ${shellQuote(config.spillDir)}`);
  return flags.map((flag) => ` ${flag}`).join("");
}

/** The command line of the hook itself, as the settings block installs it. */
function hookCommandLine(config: HookConfig): string {
  return `correx hook claude-code${config.permission === "allow" ? " --permission allow" : ""}${sharedFlags(config, false)}`;
}

/** The answer's options: the `correx run` line a Bash command runs under, and the MCP output budget and store. */
function hookOptions(config: HookConfig): ClaudeCodeHookOptions {
  const raw: RawOptions = { for: "model", maxLines: String(config.maxLines), maxBytes: String(config.maxBytes), ...(config.spillDir ? { spillDir: config.spillDir } : {}) };
  const projection = parseProjectionConfig(raw, { stdoutIsTTY: false, columns: undefined, env: process.env });
  const project = (): ProjectOptions => {
    const spill = openSpill(projection);
    return { ...projection.bound, ...(spill.target ? { spill: spill.target } : {}), ...(spill.failure ? { spillFailure: spill.failure } : {}) };
  };
  return { permission: config.permission, runPrefix: `correx run${sharedFlags(config, true)}`, bashLimits: bashTimeLimits(process.env), project };
}
