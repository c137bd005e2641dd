// `correx bound`'s, `correx run`'s, `correx read`'s and `correx ls`'s command lines read without commander, whose loading and
// definitions are a sixth of bound's start-up (read and ls run from a small bundle of their own, store-main.ts). It reads
// what commander reads the same way (the flags of option-specs.ts as `--flag value` or `--flag=value`, switches,
// `--no-` switches, positional arguments, `--`) into the options commander's action gets: defaults in declaration
// order, the flags given after them, then `givenOptions` (program.ts's preAction hook). Anything else (help, an
// unknown or misspelt flag, a short flag, a switch given a value, a flag missing its value) gives undefined, and
// commander reads the command line with its messages.
import { boundOptionSpecs, runOptionSpecs, type OptionSpec } from "./option-specs.js";
import type { RawOptions } from "./options.js";

/** A flag as commander reads it: the option key (camelCase, without `no-`), whether it takes a value, its switch value. */
interface Flag {
  readonly key: string;
  readonly takesValue: boolean;
  readonly switchedTo: boolean;
}

/** commander's attribute name of a long flag: `--max-lines` → maxLines, `--no-spill` → spill. */
function attributeName(long: string): string {
  const words = long.slice(long.startsWith("--no-") ? 5 : 2).split("-");
  let name = words[0]!;
  for (let index = 1; index < words.length; index += 1) name += words[index]![0]!.toUpperCase() + words[index]!.slice(1);
  return name;
}

/** The flags by their long form, and the defaults commander sets when it declares them (in that order). */
function flagTable(specs: readonly OptionSpec[]): { flags: Map<string, Flag>; defaults: [string, unknown][] } {
  const flags = new Map<string, Flag>();
  const defaults: [string, unknown][] = [];
  for (const spec of specs) {
    const [long, value] = spec.flags.split(" ");
    const key = attributeName(long!);
    const negate = long!.startsWith("--no-");
    flags.set(long!, { key, takesValue: value !== undefined, switchedTo: !negate });
    if (negate) defaults.push([key, spec.defaultValue ?? true]);
    else if (spec.defaultValue !== undefined) defaults.push([key, spec.defaultValue]);
  }
  return { flags, defaults };
}

const tables = new Map<readonly OptionSpec[], ReturnType<typeof flagTable>>();

/**
 * A command line of `specs`' flags as commander's action would get it: the positional arguments (files, an id) and
 * the options; undefined to leave it to commander.
 */
export function parseCommandArgs(
  args: readonly string[], specs: readonly OptionSpec[], { optionsEndAtPositional = false } = {},
): { positionals: string[]; raw: RawOptions } | undefined {
  let table = tables.get(specs);
  if (table === undefined) tables.set(specs, (table = flagTable(specs)));
  const { flags, defaults } = table;
  const raw: RawOptions = Object.fromEntries(defaults);
  const given = new Set<string>();
  const positionals: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === "--") {
      positionals.push(...args.slice(index + 1));
      break;
    }
    if (arg.length < 2 || arg[0] !== "-") {
      // commander's passThroughOptions (`run`): what follows the first positional argument is all the command's
      if (optionsEndAtPositional) {
        positionals.push(...args.slice(index));
        break;
      }
      positionals.push(arg);
      continue;
    }
    const equals = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const flag = flags.get(equals === -1 ? arg : arg.slice(0, equals));
    if (flag === undefined || (equals !== -1 && !flag.takesValue)) return undefined;
    // a flag's value is the next argument whatever it is (commander's way), or what follows its `=`
    const value = !flag.takesValue ? flag.switchedTo : equals === -1 ? args[(index += 1)] : arg.slice(equals + 1);
    if (value === undefined) return undefined;
    raw[flag.key] = value;
    given.add(flag.key);
  }
  raw.givenOptions = Object.keys(raw).filter((key) => given.has(key));
  return { positionals, raw };
}

let boundSpecs: readonly OptionSpec[] | undefined;

/** `correx bound ARGS` as commander's action would get it (files, options), or undefined to leave it to commander. */
export function parseBoundArgs(args: readonly string[]): { files: string[]; raw: RawOptions } | undefined {
  const parsed = parseCommandArgs(args, (boundSpecs ??= boundOptionSpecs()));
  return parsed && { files: parsed.positionals, raw: parsed.raw };
}

let runSpecs: readonly OptionSpec[] | undefined;

/**
 * `correx run ARGS` as commander's action would get it (the command and its arguments, options), or undefined to
 * leave it to commander: no command, or a flag it does not read (`--env`, which gathers its values, among them).
 */
export function parseRunArgs(args: readonly string[]): { command: string[]; raw: RawOptions } | undefined {
  const parsed = parseCommandArgs(args, (runSpecs ??= runOptionSpecs()), { optionsEndAtPositional: true });
  return parsed && parsed.positionals.length > 0 ? { command: parsed.positionals, raw: parsed.raw } : undefined;
}
