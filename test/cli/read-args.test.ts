// `correx read`'s command line read without commander (command-args.ts, for read-main.ts: dist/read.cjs) gives
// read's action exactly what commander gives it (the id, and the options object with its keys in commander's order),
// on random command lines of read's flags; what it cannot read the same way it leaves to commander, and read-main.ts
// then does nothing.
import { afterEach, describe, expect, test, vi } from "vitest";
import { createRandom, type Random } from "../fuzz/generate.js";

const actions = vi.hoisted(() => [] as unknown[][]);
vi.mock("../../src/cli/read-command.js", () => ({ runRead: async (...args: unknown[]) => void actions.push(args) }));

const { parseCommandArgs } = await import("../../src/cli/command-args.js");
const { READ_OPTIONS } = await import("../../src/cli/option-specs.js");
const { runProgram } = await import("../../src/cli/program.js");
const { readCommand } = await import("../../src/cli/read-main.js");

const longs = READ_OPTIONS.map((spec) => spec.flags.split(" ")[0]!);
const valued = READ_OPTIONS.filter((spec) => spec.flags.includes(" <")).map((spec) => spec.flags.split(" ")[0]!);
const VALUES = ["5", "", "-", "-3", "--raw", "--", "x y", "50KiB", "json", "terminal", "last", "a=b"];
const IDS = ["tool_01jdq3v2m8x4k7c9r5t0w2y6ab", "last", "last~2", "-", "=x"];

/** A command line of read's flags (any order, repeated, both value forms, `--` now and then) around one id. */
function commandLine(random: Random): string[] {
  const args: string[] = [];
  let id = false;
  for (let count = random.integer(0, 7); count > 0; count -= 1) {
    const roll = random.next();
    if (roll < 0.15 && !id) {
      args.push(random.pick(IDS));
      id = true;
    } else if (roll < 0.2 && !id) {
      args.push("--", random.pick(IDS));
      return args;
    } else if (roll < 0.45) args.push(random.pick(longs.filter((long) => !valued.includes(long))));
    else if (random.chance(0.5)) args.push(random.pick(valued), random.pick(VALUES));
    else args.push(`${random.pick(valued)}=${random.pick(VALUES)}`);
  }
  if (!id) args.push(random.pick(IDS));
  return args;
}

/** What commander's action for `correx read ARGS` gets: [id, options], the options' keys in their order. */
async function commanderReads(args: string[]): Promise<{ raw: Record<string, unknown>; id: unknown; keys: string[] }> {
  actions.length = 0;
  await runProgram(["node", "correx", "read", ...args]);
  expect(actions, `commander ran no action for ${JSON.stringify(args)}`).toHaveLength(1);
  const [id, raw] = actions[0] as [unknown, Record<string, unknown>];
  return { raw, id, keys: Object.keys(raw) };
}

afterEach(() => {
  process.exitCode = undefined;
});

describe("read's command line without commander", () => {
  test("random command lines of read's flags: the same id and options as commander's, in the same order", async () => {
    const random = createRandom(23);
    for (let run = 0; run < 300; run += 1) {
      const args = commandLine(random);
      const fast = parseCommandArgs(args, READ_OPTIONS);
      expect(fast, JSON.stringify(args)).toBeDefined();
      expect(fast!.positionals, JSON.stringify(args)).toHaveLength(1);
      const commander = await commanderReads(args);
      expect({ raw: fast!.raw, id: fast!.positionals[0], keys: Object.keys(fast!.raw) }, JSON.stringify(args)).toEqual(commander);
    }
  });

  test("read-main.ts runs read's action with them, and leaves help, unknown flags and a missing or second id to commander", async () => {
    actions.length = 0;
    expect(readCommand(["last", "--tail", "5"])).toBe(true);
    await vi.waitFor(() => expect(actions).toHaveLength(1));
    expect(actions[0]![0]).toBe("last");
    expect(actions[0]![1]).toMatchObject({ limit: "2000", maxBytes: "51200", format: "text", tail: "5", givenOptions: ["tail"] });
    for (const args of [["--help"], ["last", "-h"], ["last", "--bogus"], ["last", "--raw=yes"], [], ["a", "b"], ["last", "--offset"], ["--", "a", "b"]]) {
      actions.length = 0;
      expect(readCommand(args), JSON.stringify(args)).toBe(false);
      expect(actions, JSON.stringify(args)).toHaveLength(0);
    }
  });
});
