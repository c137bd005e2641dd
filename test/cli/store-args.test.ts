// `correx read`'s and `correx ls`'s command lines read without commander (command-args.ts, for store-main.ts:
// dist/store.cjs) give their actions exactly what commander gives them (read's id, and the options object with its
// keys in commander's order), on random command lines of their flags; what it cannot read the same way it leaves to
// commander, and store-main.ts then does nothing.
import { afterEach, describe, expect, test, vi } from "vitest";
import { createRandom, type Random } from "../fuzz/generate.js";

const actions = vi.hoisted(() => [] as unknown[][]);
vi.mock("../../src/cli/read-command.js", () => ({ runRead: async (...args: unknown[]) => void actions.push(args), storeFromOptions: () => undefined }));
vi.mock("../../src/cli/ls-command.js", () => ({ runList: async (...args: unknown[]) => void actions.push(["ls", ...args]) }));

const { parseCommandArgs } = await import("../../src/cli/command-args.js");
const { LS_OPTIONS, READ_OPTIONS } = await import("../../src/cli/option-specs.js");
const { runProgram } = await import("../../src/cli/program.js");
const { storeCommand } = await import("../../src/cli/store-main.js");

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

/** In place of the process's exit once the action is done (this test runs in vitest's own process). */
const stayAlive = (): void => undefined;

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

  test("ls: every command line of its two flags, the same options as commander's", async () => {
    const lines = [[], ["--format", "json"], ["--format=json"], ["--spill-dir", "/x"], ["--spill-dir=/x", "--format", "text"], ["--format", "json", "--format", "--spill-dir"]];
    for (const args of lines) {
      const fast = parseCommandArgs(args, LS_OPTIONS);
      actions.length = 0;
      await runProgram(["node", "correx", "ls", ...args]);
      expect(actions, JSON.stringify(args)).toHaveLength(1);
      const [, raw] = actions[0] as [string, Record<string, unknown>];
      expect({ raw: fast!.raw, keys: Object.keys(fast!.raw), positionals: fast!.positionals }, JSON.stringify(args)).toEqual({ raw, keys: Object.keys(raw), positionals: [] });
    }
  });

  test("store-main.ts runs read's and ls's actions with them, and leaves help, unknown flags and a missing or extra argument to commander", async () => {
    actions.length = 0;
    expect(storeCommand("read", ["last", "--tail", "5"], stayAlive)).toBe(true);
    await vi.waitFor(() => expect(actions).toHaveLength(1));
    expect(actions[0]![0]).toBe("last");
    expect(actions[0]![1]).toMatchObject({ limit: "2000", maxBytes: "51200", format: "text", tail: "5", givenOptions: ["tail"] });
    for (const args of [["--help"], ["last", "-h"], ["last", "--bogus"], ["last", "--raw=yes"], [], ["a", "b"], ["last", "--offset"], ["--", "a", "b"]]) {
      actions.length = 0;
      expect(storeCommand("read", args), JSON.stringify(args)).toBe(false);
      expect(actions, JSON.stringify(args)).toHaveLength(0);
    }
    expect(storeCommand("ls", ["--format", "json"], stayAlive)).toBe(true);
    await vi.waitFor(() => expect(actions).toHaveLength(1));
    expect(actions[0]).toEqual(["ls", { format: "json", givenOptions: ["format"] }]);
    for (const [name, args] of [["ls", ["--help"]], ["ls", ["extra"]], ["ls", ["--raw"]], ["grep", ["last", "x"]], ["bound", []]] as const) {
      actions.length = 0;
      expect(storeCommand(name, args), `${name} ${JSON.stringify(args)}`).toBe(false);
      expect(actions).toHaveLength(0);
    }
  });
});
