// `correx bound`'s command line read without commander (command-args.ts) gives commander's action exactly what
// commander gives it (files, and the options object with its keys in commander's order), on random command lines
// of bound's flags; what it cannot read the same way it leaves to commander.
import { afterEach, describe, expect, test, vi } from "vitest";
import { createRandom, type Random } from "../fuzz/generate.js";

const actions = vi.hoisted(() => [] as unknown[][]);
vi.mock("../../src/cli/bound-command.js", () => ({ runBound: async (...args: unknown[]) => void actions.push(args) }));

const { parseBoundArgs } = await import("../../src/cli/command-args.js");
const { boundOptionSpecs } = await import("../../src/cli/option-specs.js");
const { runProgram } = await import("../../src/cli/program.js");

const longs = boundOptionSpecs().map((spec) => spec.flags.split(" ")[0]!);
const valued = boundOptionSpecs().filter((spec) => spec.flags.includes(" <")).map((spec) => spec.flags.split(" ")[0]!);
const VALUES = ["5", "", "-", "--raw", "--", "x y", "-5", "a=b", "--max-lines", "50KiB", "help"];
const FILES = ["build.log", "-", "help", "a b.txt", "=x"];

/** A command line of bound's flags (any order, repeated, both value forms, `--` now and then) and files. */
function commandLine(random: Random): string[] {
  const args: string[] = [];
  for (let count = random.integer(0, 8); count > 0; count -= 1) {
    const roll = random.next();
    if (roll < 0.2) args.push(random.pick(FILES));
    else if (roll < 0.25) args.push("--", ...(random.chance(0.5) ? [random.pick(FILES), random.pick(longs)] : []));
    else if (roll < 0.6) args.push(random.pick(longs.filter((long) => !valued.includes(long))));
    else if (random.chance(0.5)) args.push(random.pick(valued), random.pick(VALUES));
    else args.push(`${random.pick(valued)}=${random.pick(VALUES)}`);
  }
  return args;
}

/** What commander's action for `correx bound ARGS` gets: [options, files], the options' keys in their order. */
async function commanderReads(args: string[]): Promise<{ raw: Record<string, unknown>; files: unknown; keys: string[] }> {
  actions.length = 0;
  await runProgram(["node", "correx", "bound", ...args]);
  expect(actions, `commander ran no action for ${JSON.stringify(args)}`).toHaveLength(1);
  const [raw, files] = actions[0] as [Record<string, unknown>, unknown];
  return { raw, files, keys: Object.keys(raw) };
}

afterEach(() => {
  process.exitCode = undefined;
});

describe("bound's command line without commander", () => {
  test("random command lines of bound's flags: the same files and options as commander's, in the same order", async () => {
    const random = createRandom(16);
    let read = 0;
    for (let run = 0; run < 400; run += 1) {
      const args = commandLine(random);
      const fast = parseBoundArgs(args);
      if (fast === undefined) continue;
      read += 1;
      const commander = await commanderReads(args);
      expect({ raw: fast.raw, files: fast.files, keys: Object.keys(fast.raw) }, JSON.stringify(args)).toEqual(commander);
    }
    // every generated line is one commander reads (a flag's value is the next argument, whatever it is)
    expect(read).toBe(400);
  });

  test("no arguments: commander's defaults, in its order, and no given option", async () => {
    expect(parseBoundArgs([])).toEqual({ files: [], raw: expect.objectContaining({ givenOptions: [] }) });
    const commander = await commanderReads([]);
    expect(Object.keys(parseBoundArgs([])!.raw)).toEqual(commander.keys);
    expect(parseBoundArgs([])!.raw).toEqual(commander.raw);
  });

  test.each([
    [["--help"]], [["-h"]], [["--max-lines"]], [["--raw=1"]], [["--bogus"]], [["--max-line", "5"]], [["-5"]], [["--=x"]],
    [["build.log", "--version"]], [["-V"]],
  ])("%j is left to commander (help, errors and their messages are its own)", (args) => {
    expect(parseBoundArgs(args)).toBeUndefined();
  });
});
