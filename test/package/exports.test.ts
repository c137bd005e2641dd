// The package's entry as Node resolves it by name (a package may require itself by its own name): an ES module,
// loaded by `import` and, on a Node that requires ES modules (20.19+, 22.12+), by `require` too, the same module.
import { spawnSync } from "node:child_process";
import { describe, expect, test } from "vitest";
import { ROOT } from "../docs/run-shell.js";

/** Runs a script with node in the package's folder, where `correx` names the package itself. */
function node(args: string[]): { stdout: string; stderr: string; code: number | null } {
  const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8" });
  return { stdout: result.stdout, stderr: result.stderr, code: result.status };
}

describe("the package's entry point", () => {
  test.runIf(process.features.require_module)("require('correx') from CommonJS gives the library, the same module import() gives", () => {
    const script = `const c = require("correx");
      import("correx").then((m) => console.log(typeof c.bound, typeof c.lower, c.bound === m.bound, c.CorrexError === m.CorrexError));`;
    expect(node(["-e", script])).toEqual({ stdout: "function function true true\n", stderr: "", code: 0 });
  });

  test("its package.json, as tools read a package's version (it was ERR_PACKAGE_PATH_NOT_EXPORTED)", () => {
    const script = `const { version } = require("correx/package.json");
      import("correx/package.json", { with: { type: "json" } }).then((m) => console.log(typeof version, version === m.default.version));`;
    expect(node(["-e", script])).toEqual({ stdout: "string true\n", stderr: "", code: 0 });
  });

  test("import from an ES module", () => {
    const script = `import { normalize } from "correx"; console.log(JSON.stringify(normalize("hi")));`;
    expect(node(["--input-type=module", "-e", script])).toEqual({ stdout: '{"ok":true,"data":"hi","meta":{"source_shape":"text"}}\n', stderr: "", code: 0 });
  });

  test("a budget too small throws BudgetTooSmallError by that name (the bundle's class was _BudgetTooSmallError), exported, a UsageError", () => {
    const script = `import { bound, BudgetTooSmallError, UsageError } from "correx";
      try { bound("a\\n".repeat(100) + "b\\n", { budget: { maxLines: 1, maxBytes: 1000 } }); } catch (error) {
        console.log(error.name, error instanceof BudgetTooSmallError, error instanceof UsageError, JSON.stringify(error.needed), String(error).split(":")[0]);
      }`;
    expect(node(["--input-type=module", "-e", script])).toEqual({ stdout: 'BudgetTooSmallError true true {"maxLines":2} BudgetTooSmallError\n', stderr: "", code: 0 });
  });

  test("the class is named BudgetTooSmallError too: an uncaught refusal, console.error(error) and error.constructor.name said _BudgetTooSmallError", () => {
    const script = `import { inspect } from "node:util"; import { bound } from "correx";
      try { bound("a\\n".repeat(100) + "b\\n", { budget: { maxLines: 1, maxBytes: 1000 } }); } catch (error) {
        console.log(error.constructor.name, inspect(error).split(":")[0]);
        throw error.saying("; more");
      }`;
    const run = node(["--input-type=module", "-e", script]);
    expect(run.stdout).toBe("BudgetTooSmallError BudgetTooSmallError\n");
    expect(run.stderr).toContain("\nBudgetTooSmallError: budget.maxLines 1 cannot hold");
    expect(run.stderr).not.toContain("_BudgetTooSmallError");
  });
});
