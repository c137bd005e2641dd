// The flags that bound, run, normalize, mcp and proxy share, declared to commander (the flags themselves: option-specs.ts).
import type { Command } from "commander";
import { BUDGET_OPTIONS, FROM_OPTIONS, LABEL_OPTION, outputOptionSpecs, STORE_OPTIONS, WIDTH_OPTION, WIRE_OPTIONS, type OptionSpec } from "./option-specs.js";

/** Declares flags to commander, in order. */
export function addOptions(command: Command, specs: readonly OptionSpec[]): Command {
  for (const spec of specs) command.option(spec.flags, spec.description, spec.defaultValue);
  return command;
}

/** Adds the budget, hygiene, spill and output flags of a bounding command. */
export function addProjectionOptions(command: Command, format: "text" | "json" = "text"): Command {
  addStoreOptions(addOptions(addBudgetOptions(addOptions(command, outputOptionSpecs(format))), [WIDTH_OPTION]));
  return addOptions(command, WIRE_OPTIONS);
}

/** Adds the budget and hygiene flags: what the model text may hold and how it is cleaned. */
export function addBudgetOptions(command: Command): Command {
  return addOptions(command, BUDGET_OPTIONS);
}

/** Adds the spill store flags: where full outputs go, and how long and how much is kept. */
export function addStoreOptions(command: Command): Command {
  return addOptions(command, STORE_OPTIONS);
}

/** Adds `--from` for commands that read tool-result shapes. */
export function addFromOption(command: Command): Command {
  return addOptions(command, FROM_OPTIONS);
}

/** Adds every flag of `correx bound` (command-args.ts reads the same flags without commander). */
export function addBoundOptions(command: Command): Command {
  return addOptions(addFromOption(addProjectionOptions(command)), [LABEL_OPTION]);
}
