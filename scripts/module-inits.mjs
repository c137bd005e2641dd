// esbuild's glue between modules, made cheaper to start: the lazily initialised modules (`__esm`), and the node
// built-ins a module imports as a namespace. esbuild wraps each module's init in an
// object literal keyed by the module's path (`__esm({ "src/x.ts"() {...} })`, for the function's name): each of the
// 265 literals was made once at start (a new map each, ~4 M instructions of `echo hi | correx bound`). And a
// module's export object (`x_exports`, only read after `init_x()`) got its getters at start, initialised or not.
// Both are rewritten here, and checked, so that an esbuild whose output differs fails the build instead.

/** The wrapper esbuild emits, with the init as a plain function in place of the object literal. */
const ESM_HELPER = "return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;";
const ESM_HELPER_PLAIN = "return fn && (res = (0, fn)(fn = 0)), res;";

/** `init_x = __esm({ "path"() { body } })` → `init_x = __esm(function () { body })`; `__export(x_exports, …)` into init_x. */
export function cheaperModuleInits(source) {
  if (!source.includes(ESM_HELPER)) throw new Error("module-inits: esbuild's __esm helper is not the one expected");
  let inits = 0;
  let out = source.replace(ESM_HELPER, ESM_HELPER_PLAIN)
    .replace(/__esm\(\{\n {2}"[^"\n]+"\(\) \{\n([\s\S]*?)^ {2}\}\n\}\);$/gm, (whole, body) => {
      inits += 1;
      return `__esm(function () {\n${body}});`;
    });
  if (out.includes("__esm({")) throw new Error("module-inits: an __esm wrapper of an unexpected shape is left");
  const exportCalls = [];
  out = out.replace(/^__export\((\w+)_exports, \{\n[\s\S]*?^\}\);\n/gm, (call, name) => {
    exportCalls.push({ name, call });
    return "";
  });
  for (const { name, call } of exportCalls) {
    const head = `var init_${name} = __esm(function () {\n    "use strict";\n`;
    if (out.split(head).length !== 2) throw new Error(`module-inits: no single init for ${name}_exports`);
    // the export object is read only as `(init_x(), x_exports)`: its getters are made where init_x runs
    const uses = out.split(`${name}_exports`).length - 1;
    const guarded = out.split(`init_${name}(), ${name}_exports`).length - 1 + out.split(`init_${name}(), __toCommonJS(${name}_exports)`).length - 1;
    if (uses !== guarded + 1) throw new Error(`module-inits: ${name}_exports is read without init_${name}() before it`);
    out = out.replace(head, `${head}${call.replace(/^/gm, "    ").trimEnd()}\n`);
  }
  return { source: out, inits, exports: exportCalls.length };
}

/**
 * `import * as fs from "node:fs"` becomes __toESM(require("node:fs")): a copy of the module's hundred exports as
 * getters, made again in each module that imports it (a sixth of `bound`'s start-up). The module itself does the
 * same job wherever its namespace is not asked for a default export.
 */
export function plainBuiltins(source) {
  return source.replace(/(\w+) = __toESM\((require\("node:(?:fs|path)"\)), 1\)/g, (whole, name, required) =>
    (source.includes(`${name}.default`) ? whole : `${name} = ${required}`));
}

/** A bundle's exports as its export object itself, not a copy of it made with esbuild's __toCommonJS. */
export function plainExports(source, name) {
  const copied = `module.exports = __toCommonJS(${name}_exports);`;
  if (!source.includes(copied)) throw new Error(`module-inits: no export of ${name} to make plain`);
  return source.replace(copied, `module.exports = ${name}_exports;`);
}
