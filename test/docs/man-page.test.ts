// The manual is well-formed for groff, matches the version, and documents every option of every command's
// --help with its default, so that the two cannot drift apart.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { readHelpCommands, readHelpOptions, type HelpOption } from "./help-text.js";
import { readManOptions, readManSections, type ManOption, type ManSection } from "./man-source.js";
import { ROOT, runShell } from "./run-shell.js";

const MAN_PAGE = join(ROOT, "man", "correx.1");
const source = readFileSync(MAN_PAGE, "utf8");
const sections = readManSections(source);
const version = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;
const commands = readHelpCommands(runShell("correx --help").stdout);
const BOUNDING_COMMANDS = ["bound", "normalize", "lower", "run", "mcp", "proxy"];

/** The sections from the `.SH` titled `title` up to the next `.SH`. */
function sectionsUnder(title: string): ManSection[] {
  const start = sections.findIndex((section) => section.level === "SH" && section.title === title);
  expect(start, `man page section ${title}`).toBeGreaterThanOrEqual(0);
  const end = sections.findIndex((section, index) => index > start && section.level === "SH");
  return sections.slice(start, end === -1 ? undefined : end);
}

const subsection = (title: string): ManSection[] => sections.filter((section) => section.level === "SS" && section.title === title);

/** The man entries that document a command's options: its own subsection, the shared ones, the general ones. */
function manOptionsOf(command: string): ManOption[] {
  const shared = BOUNDING_COMMANDS.includes(command) ? sectionsUnder("OPTIONS OF THE BOUNDING COMMANDS") : [];
  return readManOptions([...subsection(`correx ${command}`), ...shared, ...subsection("General options")]);
}

const helpOf = (command: string): HelpOption[] => readHelpOptions(runShell(`correx ${command} --help`).stdout);

describe("man/correx.1", () => {
  test("groff -man -ww -z reports no warning", () => {
    const groff = spawnSync("groff", ["-man", "-ww", "-z", MAN_PAGE], { encoding: "utf8" });
    if (groff.error) throw new Error(`groff is needed to check the manual (apt-get install -y groff-base): ${groff.error.message}`);
    expect({ stderr: groff.stderr, status: groff.status }).toEqual({ stderr: "", status: 0 });
  });

  test("its title line carries the package version", () => {
    expect(source).toContain(`.TH CORREX 1 `);
    expect(/^\.TH CORREX 1 \S+ "correx ([^"]+)"/m.exec(source)?.[1]).toBe(version);
  });

  test("has the sections a manual needs, and one subsection per command", () => {
    const top = sections.filter((section) => section.level === "SH").map((section) => section.title);
    expect(top).toEqual([
      "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS OF THE BOUNDING COMMANDS", "OUTPUT FORMATS",
      "EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES", "SEE ALSO",
    ]);
    expect(commands).toEqual(expect.arrayContaining(["bound", "normalize", "lower", "read", "grep", "rm", "ls", "gc", "run"]));
    for (const command of commands) expect(subsection(`correx ${command}`), `.SS "correx ${command}"`).toHaveLength(1);
  });

  test.each(commands)("documents every option of `correx %s --help` with its default", (command) => {
    const documented = manOptionsOf(command);
    const missing: string[] = [];
    const wrongDefaults: string[] = [];
    for (const option of helpOf(command)) {
      const entry = documented.find((candidate) => option.flags.every((flag) => candidate.flags.includes(flag)));
      if (!entry) missing.push(option.flags.join(", "));
      else if (option.defaultValue !== undefined && !entry.text.includes(`Default: ${option.defaultValue}`)) {
        wrongDefaults.push(`${option.flags.join(", ")}: --help says ${option.defaultValue}; the manual: ${entry.text}`);
      }
    }
    expect({ missing, wrongDefaults }).toEqual({ missing: [], wrongDefaults: [] });
  });

  test.each(commands.filter((command) => !["normalize", "lower"].includes(command)))("documents no option that `correx %s` does not have", (command) => {
    const flags = new Set(helpOf(command).flatMap((option) => option.flags));
    const own = readManOptions([...subsection(`correx ${command}`), ...(command === "bound" ? sectionsUnder("OPTIONS OF THE BOUNDING COMMANDS") : [])]);
    expect(own.flatMap((entry) => entry.flags).filter((flag) => !flags.has(flag))).toEqual([]);
  });

  test("states the exit codes of src/cli/exit-codes.ts and correx run", () => {
    const exitStatus = sectionsUnder("EXIT STATUS").flatMap((section) => section.lines).join("\n");
    for (const code of [0, 1, 2, 65, 74]) expect(exitStatus).toContain(`.B ${code}\n`);
    for (const words of ["124 when it timed out", "128+N", "127 when the command is not", "126 when it cannot be run"]) {
      expect(exitStatus.replace(/\n/g, " ")).toContain(words);
    }
  });

  test("names every environment variable correx reads", () => {
    const environment = sectionsUnder("ENVIRONMENT").flatMap((section) => section.lines).join("\n");
    for (const variable of ["CORREX_SPILL_DIR", "CORREX_MAX_AGE", "CORREX_QUOTA", "CORREX_MAX_OUTPUT", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "NO_COLOR", "FORCE_COLOR", "COLUMNS", "NODE_EXTRA_CA_CERTS", "CORREX_NODE_EXTRA_CA_CERTS"]) {
      expect(environment).toContain(variable);
    }
  });
});
