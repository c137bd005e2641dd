// `correx run`'s command line read without commander (command-args.ts) gives commander's action exactly what
// commander gives it (the command with its arguments, and the options object with its keys in commander's order), on
// random command lines of run's flags, commands and their own flags (passed through once the command is named); what
// it cannot read the same way (help, an unknown flag, `--env`, no command) it leaves to commander.
import { afterEach, describe, expect, test, vi } from "vitest";
import { createRandom, type Random } from "../fuzz/generate.js";

const actions = vi.hoisted(() => [] as unknown[][]);
vi.mock("../../src/cli/run-command.js", () => ({ runCommandCli: async (...args: unknown[]) => void actions.push(args) }));

const { parseRunArgs } = await import("../../src/cli/command-args.js");
const { runOptionSpecs } = await import("../../src/cli/option-specs.js");
const { runProgram } = await import("../../src/cli/program.js");

const longs = runOptionSpecs().map((spec) => spec.flags.split(" ")[0]!);
const valued = runOptionSpecs().filter((spec) => spec.flags.includes(" <")).map((spec) => spec.flags.split(" ")[0]!);
const VALUES = ["5", "", "-", "--raw", "--", "x y", "-5", "a=b", "--timeout", "10m", "separate"];
const COMMAND = ["npm", "make", "-", "ls", "a b", "=x", "--help"];
const ITS_ARGS = ["test", "-l", "--timeout", "--", "-j8", "--max-lines=5", "x y", "--help", "-h"];

/** A command line of run's flags (any order, repeated, both value forms), then (mostly) a command and its own arguments. */
function commandLine(random: Random): string[] {
  const args: string[] = [];
  for (let count = random.integer(0, 6); count > 0; count -= 1) {
    const roll = random.next();
    if (roll < 0.45) args.push(random.pick(longs.filter((long) => !valued.includes(long))));
    else if (random.chance(0.5)) args.push(random.pick(valued), random.pick(VALUES));
    else args.push(`${random.pick(valued)}=${random.pick(VALUES)}`);
  }
  if (random.chance(0.9)) {
    const command = random.pick(COMMAND);
    // a command that looks like a flag is only a command after `--`
    if (random.chance(0.5) || command.startsWith("-")) args.push("--");
    args.push(command);
    for (let count = random.integer(0, 4); count > 0; count -= 1) args.push(random.pick(ITS_ARGS));
  }
  return args;
}

/** What commander's action for `correx run ARGS` gets: [command and arguments, options], the options' keys in order. */
async function commanderReads(args: string[]): Promise<{ raw: Record<string, unknown>; command: unknown; keys: string[] }> {
  actions.length = 0;
  await runProgram(["node", "correx", "run", ...args]);
  expect(actions, `commander ran no action for ${JSON.stringify(args)}`).toHaveLength(1);
  const [command, raw] = actions[0] as [unknown, Record<string, unknown>];
  return { raw, command, keys: Object.keys(raw) };
}

afterEach(() => {
  process.exitCode = undefined;
});

describe("run's command line without commander", () => {
  test("random command lines: the same command, arguments and options as commander's, in the same order", async () => {
    const random = createRandom(61);
    let read = 0;
    for (let run = 0; run < 400; run += 1) {
      const args = commandLine(random);
      const fast = parseRunArgs(args);
      if (fast === undefined) continue;
      read += 1;
      const commander = await commanderReads(args);
      expect({ raw: fast.raw, command: fast.command, keys: Object.keys(fast.raw) }, JSON.stringify(args)).toEqual(commander);
    }
    // every line with a command is one it reads (the rest have none: commander says so)
    expect(read).toBeGreaterThan(330);
  });

  test("a command's own flags stay its own, after `--` or after the command", async () => {
    for (const args of [["--", "ls", "-l", "--max-lines", "5"], ["ls", "-l", "--", "x"], ["--max-lines", "5", "make", "--timeout", "1"]]) {
      expect(parseRunArgs(args)?.command).toEqual((await commanderReads(args)).command);
    }
    expect(parseRunArgs(["--max-lines", "5", "make", "--timeout", "1"])).toMatchObject({ command: ["make", "--timeout", "1"], raw: { maxLines: "5", timeout: "0" } });
  });

  test.each([
    [[]], [["--"]], [["--help"]], [["-h"]], [["--timeout"]], [["--shell=1", "x"]], [["--bogus", "x"]], [["-5"]], [["--env", "A=1", "ls"]],
    [["--max-lines", "5"]], [["-V"]],
  ])("%j is left to commander (help, errors, --env and their messages are its own)", (args) => {
    expect(parseRunArgs(args)).toBeUndefined();
  });
});
