// esbuild's lazily initialised modules (`__esm`), made cheaper to start. esbuild wraps each module's init in an
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
