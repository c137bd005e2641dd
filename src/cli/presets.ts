// `--preset NAME`: the budgets the seed systems and the peers use, as defaults that explicit flags override.
import type { RawOptions } from "./options.js";
import { parseChoice } from "./options.js";

/** The presets there are. */
export const PRESET_NAMES = ["rind", "opencode", "codex", "claude-code", "gemini"] as const;
/** One preset's name. */
export type PresetName = (typeof PRESET_NAMES)[number];

/** Flag values (as commander hands them over) a preset sets, for the model and, where it differs, the terminal. */
interface Preset {
  model: RawOptions;
  terminal?: RawOptions;
}

/**
 * Each figure's source (README "Presets", man page):
 * - rind: the Rind seed (../shared/seeds/002): model 25 KiB / 2,000 lines measured on the final UTF-8 JSON
 *   (so the model projection is the JSON payload), terminal 8 KiB.
 * - opencode: `Truncate.output` / `ToolOutputStore.bound`, 2,000 lines / 50 KiB, its own cut and marker.
 * - codex: Codex CLI, 10 KiB, half head and half tail (REFERENCE.md; its 10,000-token limit is looser).
 * - claude-code: Claude Code's Bash tool, 30,000 characters, head and tail; correx counts UTF-8 bytes, which
 *   are never fewer than characters, so the limit holds.
 * - gemini: Gemini CLI, 40,000 characters, a fifth head and the rest tail (bytes, as above).
 * The three peers without a line limit get one as large as the byte budget: never the tighter of the two.
 */
const PRESETS: Readonly<Record<PresetName, Preset>> = {
  rind: { model: { maxBytes: "25600", maxLines: "2000", format: "json" }, terminal: { maxBytes: "8192", maxLines: "2000" } },
  opencode: { model: { maxBytes: "51200", maxLines: "2000", style: "opencode" } },
  codex: { model: { maxBytes: "10240", maxLines: "10240", keep: "both", headRatio: "0.5" } },
  "claude-code": { model: { maxBytes: "30000", maxLines: "30000", keep: "both", headRatio: "0.5" } },
  gemini: { model: { maxBytes: "40000", maxLines: "40000", keep: "both", headRatio: "0.2" } },
};

/** True when the user gave `key` on the command line (`givenOptions`, recorded by the CLI), else when it is set. */
function isGiven(raw: RawOptions, key: string): boolean {
  return Array.isArray(raw.givenOptions) ? (raw.givenOptions as unknown[]).includes(key) : raw[key] !== undefined;
}

/** The raw options with the preset's values in place of every flag the user did not give. */
export function applyPreset(raw: RawOptions, reader: "model" | "terminal"): RawOptions {
  if (raw.preset === undefined) return raw;
  const preset = PRESETS[parseChoice("--preset", raw.preset, PRESET_NAMES)];
  const values = reader === "terminal" ? (preset.terminal ?? preset.model) : preset.model;
  const applied: RawOptions = { ...raw };
  for (const [key, value] of Object.entries(values)) {
    if (key === "format" && reader === "terminal") continue;
    if (!isGiven(raw, key)) applied[key] = value;
  }
  return applied;
}
