// Test helper: what commander's --help says, read back: the commands, and each option with its default.

/** One option line of a --help, with its wrapped continuation lines joined. */
export interface HelpOption {
  /** The flags, e.g. ["-i", "--ignore-case"]. */
  flags: string[];
  description: string;
  /** The default as --help shows it: `(default: "2000")`, or a hand-written `(default 7d; …)`. */
  defaultValue?: string;
}

/** The text under a heading such as "Options:" up to the next blank line. */
function readSection(help: string, heading: string): string[] {
  const lines = help.split("\n");
  const start = lines.indexOf(heading);
  if (start === -1) return [];
  const end = lines.findIndex((line, index) => index > start && line.trim() === "");
  return lines.slice(start + 1, end === -1 ? undefined : end);
}

/** Joins each entry of a two-column list with the lines its description wrapped onto. */
function joinEntries(lines: string[]): string[] {
  const entries: string[] = [];
  for (const line of lines) {
    if (/^ {2}\S/.test(line)) entries.push(line.trim());
    else if (entries.length > 0) entries[entries.length - 1] += ` ${line.trim()}`;
  }
  return entries;
}

/** The options of a --help, in order. */
export function readHelpOptions(help: string): HelpOption[] {
  return joinEntries(readSection(help, "Options:")).map((entry) => {
    const [, flagText = "", description = ""] = /^((?:-\w|--[\w-]+)(?:, --[\w-]+)?(?: <[^>]+>| \[[^\]]+\])?)\s+(.*)$/.exec(entry) ?? [];
    const flags = flagText.split(/,? /).filter((flag) => flag.startsWith("-"));
    const quoted = /\(default: "([^"]*)"\)$/.exec(description);
    const written = /\(default ([^;)\s]+)[;)]/.exec(description);
    const defaultValue = quoted?.[1] ?? written?.[1];
    return { flags, description, ...(defaultValue === undefined ? {} : { defaultValue }) };
  });
}

/** The command names of the top-level --help (without commander's own `help`). */
export function readHelpCommands(help: string): string[] {
  return joinEntries(readSection(help, "Commands:")).map((entry) => entry.split(" ")[0]!).filter((name) => name !== "help");
}
