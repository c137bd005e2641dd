// Half of the fuzz suite (see fuzz-check.ts): 5,000 inputs from its own seed; CORREX_FUZZ_SEED and CORREX_FUZZ_INPUTS replay others.
import { describe, test } from "vitest";
import { fuzz } from "./fuzz-check.js";

const SEED = Number(process.env.CORREX_FUZZ_SEED ?? 20261202);
const INPUTS = Number(process.env.CORREX_FUZZ_INPUTS ?? 5_000);

describe("fuzz: every mode through the CLI's bounding path", () => {
  test(`${INPUTS} generated inputs (seed ${SEED})`, () => fuzz(SEED, INPUTS), 180_000);
});
