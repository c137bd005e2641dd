// Every fast-check property in the suite runs on one fixed seed and stops at its first counterexample, so that a
// run of the tests is repeatable (CI gives the result a developer got) and a failure is reported at once instead of
// shrinking a large input for minutes. CORREX_FC_SEED=random (or a number) explores other seeds; CORREX_FC_SHRINK=1
// shrinks a counterexample to its smallest form. A property that names its own seed keeps it.
import fc from "fast-check";

/** The seed every property runs on unless CORREX_FC_SEED says otherwise. */
const DEFAULT_SEED = 20261201;

const seed = process.env.CORREX_FC_SEED;
fc.configureGlobal({
  ...(seed === "random" ? {} : { seed: seed === undefined || seed === "" ? DEFAULT_SEED : Number(seed) }),
  endOnFailure: process.env.CORREX_FC_SHRINK !== "1",
});
