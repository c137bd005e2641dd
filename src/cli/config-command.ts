// `correx config`: the effective settings and where each came from (flag, preset, environment, config file,
// default), like `git config --show-origin`; the same layering every bounding command uses.
import { formatSize } from "../text/magic.js";
import { describeDuration } from "../spill/settings.js";
import { CONFIG_KEYS } from "./config-file.js";
import { stdoutColumns, stdoutIsTTY, warn, writeStdout } from "./io.js";
import { parseFormat, type RawOptions } from "./options.js";
import { parseProjectionConfig, type ProjectionConfig } from "./projection-config.js";

/** The effective value of each config key, as text. */
function effectiveValues(config: ProjectionConfig): Record<string, string> {
  const { budget, hygiene } = config.bound;
  const raw = config.raw;
  return {
    preset: raw.preset === undefined ? "(none)" : String(raw.preset),
    maxLines: String(budget.maxLines),
    maxBytes: String(budget.maxBytes),
    maxTokens: budget.maxTokens === undefined ? "(none)" : String(budget.maxTokens),
    tokenizer: config.tokenizer,
    keep: config.bound.keep,
    headRatio: String(config.bound.headRatio),
    salience: config.bound.salience === true ? "on" : "off",
    style: config.bound.style,
    keepAnsi: String(!hygiene.stripAnsi),
    collapse: String(hygiene.collapse),
    fold: String(hygiene.foldRepeats),
    binary: String(hygiene.detectBinary),
    raw: String(raw.raw === true),
    jsonCap: formatSize(config.jsonCap),
    spillDir: config.spillDir ?? "(none: --no-spill)",
    spill: String(config.spillDir !== undefined),
    maxOutput: formatSize(config.store.maxOutputBytes),
    maxAge: describeDuration(config.store.maxAgeMs),
    quota: formatSize(config.store.quotaBytes),
    timeout: raw.timeout === undefined ? "0 (none)" : String(raw.timeout),
    killAfter: raw.killAfter === undefined ? "5s" : String(raw.killAfter),
  };
}

/** Runs `correx config`: one line per key (key, value, origin), or JSON with --format json. */
export async function runConfig(raw: RawOptions): Promise<void> {
  const config = parseProjectionConfig({ ...raw, format: "text" }, { stdoutIsTTY: stdoutIsTTY(), columns: stdoutColumns(), env: process.env });
  for (const warning of config.warnings) warn(warning);
  const values = effectiveValues(config);
  const rows = CONFIG_KEYS.map(({ key }) => ({ key, value: values[key] ?? "", origin: config.origins[key] ?? "default" }));
  if (parseFormat(raw.format) === "json") {
    await writeStdout(`${JSON.stringify({ reader: config.reader, config_file: config.configPath, settings: rows })}\n`);
    return;
  }
  const keyWidth = Math.max(...rows.map((row) => row.key.length));
  const valueWidth = Math.max(...rows.map((row) => row.value.length));
  const lines = rows.map((row) => `${row.key.padEnd(keyWidth)}  ${row.value.padEnd(valueWidth)}  ${row.origin}`.trimEnd());
  await writeStdout(`# settings for --for ${config.reader}; config file: ${config.configPath}\n${lines.join("\n")}\n`);
}
