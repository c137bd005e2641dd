// The package as npm publishes it: `npm pack` holds bin, dist, man, schema and README only; installed into an
// empty folder, `npx correx bound` works on real input and the library example type-checks and runs against
// the published declarations; `npm install -g` puts the command and its manual in place.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { compileLibraryExample, LIBRARY_EXAMPLE } from "../docs/library-example.js";
import { readFencedBlocks } from "../docs/markdown.js";
import { createTempDir, normalizeVolatile, OUTPUT_ID, ROOT, userEnvironment, type ShellRun } from "../docs/run-shell.js";

const INSTALL_TIMEOUT_MS = 120_000;
const version = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;

/** Runs a program (not through a shell) with npm's script variables left out; stdin is empty unless given. */
function run(file: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; input?: Buffer }): ShellRun {
  const result = spawnSync(file, args, { cwd: options.cwd, env: userEnvironment(options.env), input: options.input ?? "", encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return { stdout: result.stdout, stderr: result.stderr, code: result.status };
}

/** npm with the cache preferred (the registry is asked only for what the cache lacks) and no audit or funding talk. */
const npm = (args: string[], cwd: string): ShellRun => run("npm", [...args, "--no-audit", "--no-fund", "--prefer-offline"], { cwd });

/** `npx correx ARGS` in the app folder; --no: never fetch a package of that name from the registry instead. */
const npxCorrex = (args: string[], options: { env?: NodeJS.ProcessEnv; input?: Buffer } = {}): ShellRun => run("npx", ["--no", "--", "correx", ...args], { cwd: app, ...options });

interface PackResult {
  filename: string;
  files: { path: string }[];
}

let work: string;
let tarball: string;
let packed: PackResult;
let app: string;

beforeAll(() => {
  work = createTempDir("package");
  // --ignore-scripts: `prepare` would rebuild dist/ under the other tests' feet; the suite built it already. So
  // the manifest step of prepack/postpack (no `prepare` in the published package.json) is run around it by hand.
  const manifestStep = (step: string): ShellRun => run(process.execPath, [join(ROOT, "scripts", "pack-manifest.mjs"), step], { cwd: ROOT });
  let pack: ShellRun;
  try {
    expect(manifestStep("strip").code).toBe(0);
    pack = run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", work], { cwd: ROOT });
  } finally {
    manifestStep("restore");
  }
  expect(pack.code, pack.stderr).toBe(0);
  packed = (JSON.parse(pack.stdout) as PackResult[])[0]!;
  tarball = join(work, packed.filename);
  app = join(work, "app");
  mkdirSync(app);
  writeFileSync(join(app, "package.json"), `${JSON.stringify({ name: "correx-user", private: true, type: "module" })}\n`);
  const install = npm(["install", tarball], app);
  expect(install.code, install.stderr).toBe(0);
}, INSTALL_TIMEOUT_MS);

describe("npm ci", () => {
  test("every dependency's install script is reviewed (allowScripts): a fresh install warns about none", () => {
    expect(run("npm", ["install-scripts", "ls"], { cwd: ROOT })).toMatchObject({ stdout: "No packages with unreviewed install scripts.\n", code: 0 });
  });
});

describe("npm pack", () => {
  test("the published package.json runs nothing on install (no prepare: its sources are not shipped)", () => {
    const manifest = JSON.parse(run("tar", ["-xzOf", tarball, "package/package.json"], { cwd: work }).stdout) as { scripts: Record<string, string> };
    expect(Object.keys(manifest.scripts)).not.toContain("prepare");
    expect(Object.keys(manifest.scripts).filter((name) => /install/.test(name))).toEqual([]);
    expect(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).scripts.prepare).toBe("node scripts/build.mjs");
  });

  test("holds bin, dist, examples (the README links to them), man, schema, README and LICENSE only (and package.json)", () => {
    expect(new Set(packed.files.map((file) => file.path.split("/")[0]))).toEqual(new Set(["LICENSE", "README.md", "bin", "dist", "examples", "man", "package.json", "schema"]));
    const paths = packed.files.map((file) => file.path);
    for (const path of ["bin/correx", "bin/package.json", "dist/cli.cjs", "dist/pass-through.cjs", "dist/store.cjs", "dist/run.cjs", "dist/index.js", "dist/o200k.bin", "dist/types/index.d.ts", "man/correx.1", "schema/tool-result.schema.json", "examples/library.ts", "examples/run-failing-test.sh"]) {
      expect(paths).toContain(path);
    }
  });
});

describe("installed from the tarball into an empty folder", () => {
  test("npx correx --version", () => {
    expect(npxCorrex(["--version"])).toEqual({ stdout: `${version}\n`, stderr: "", code: 0 });
  });

  test("npx correx bound bounds a real failing build, keeps its error, and saves it byte for byte", () => {
    const input = readFileSync(join(ROOT, "test", "fixtures", "tsc-failing-build.txt"));
    const state = createTempDir("package-state");
    const bound = npxCorrex(["bound", "--max-lines", "20"], { input, env: { CORREX_SPILL_DIR: undefined, XDG_STATE_HOME: state } });
    expect({ code: bound.code, stderr: bound.stderr }).toEqual({ code: 0, stderr: "" });
    const lines = bound.stdout.trimEnd().split("\n");
    expect(lines.length).toBeLessThanOrEqual(20);
    expect(normalizeVolatile(lines[3]!)).toBe("[... omitted 857 lines, 54842 bytes: lines 4-860 of 875 lines (55926 bytes in all) ...]");
    expect(lines.at(-1)).toBe("Found 1 error in src/main.ts:14");
    const id = bound.stdout.match(OUTPUT_ID)![0];
    expect(readFileSync(join(state, "correx", "tool-output", id)).equals(input)).toBe(true);
  });

  test("npx correx bound --tokenizer o200k finds the rank table the package ships (no fallback warning)", () => {
    const text = "tokens <|endoftext|> counted exactly\n";
    const bound = npxCorrex(["bound", "--max-tokens", "50", "--tokenizer", "o200k"], { input: Buffer.from(text), env: { CORREX_SPILL_DIR: join(work, "spill") } });
    expect(bound).toEqual({ stdout: text, stderr: "", code: 0 });
  });

  test("npm's node_modules/.bin/correx starts node without NODE_EXTRA_CA_CERTS (no Node warning for a missing file) and gives it back to the command it runs", () => {
    const certs = join(work, "no such $certs.pem");
    const shown = run(join(app, "node_modules", ".bin", "correx"), ["run", "--", "sh", "-c", 'printf "[%s]\\n" "$NODE_EXTRA_CA_CERTS"'], { cwd: app, env: { NODE_EXTRA_CA_CERTS: certs, CORREX_SPILL_DIR: join(work, "spill") } });
    expect(shown).toEqual({ stdout: `[${certs}]\n\nCommand exited with code 0.\n`, stderr: "", code: 0 });
  });

  test.each([["NodeNext", "NodeNext"], ["Node16", "Node16"], ["ESNext", "Bundler"]])("the library example type-checks against the published declarations (module %s, moduleResolution %s, strict, skipLibCheck false)", (module, moduleResolution) => {
    writeFileSync(join(app, "library.ts"), readFileSync(LIBRARY_EXAMPLE));
    const compilerOptions = {
      target: "ES2022", module, moduleResolution, strict: true, noEmit: true, skipLibCheck: false,
      types: ["node"], typeRoots: [join(ROOT, "node_modules", "@types")],
    };
    const config = `tsconfig.${moduleResolution.toLowerCase()}.json`;
    writeFileSync(join(app, config), JSON.stringify({ compilerOptions, files: ["library.ts"] }));
    const tsc = join(ROOT, "node_modules", "typescript", "bin", "tsc");
    expect(run(process.execPath, [tsc, "-p", config], { cwd: app })).toEqual({ stdout: "", stderr: "", code: 0 });
  });

  test("the library example runs against the installed package and prints what the README shows", () => {
    const example = run(process.execPath, [compileLibraryExample(app)], { cwd: app });
    expect({ code: example.code, stderr: example.stderr }).toEqual({ code: 0, stderr: "" });
    const shown = readFencedBlocks(readFileSync(join(ROOT, "README.md"), "utf8")).find((block) => block.info === "text output of examples/library.ts");
    expect(normalizeVolatile(example.stdout).trimEnd()).toBe(normalizeVolatile(shown!.body));
  });
});

describe("npm install -g", () => {
  test("installs the correx command and its manual page", () => {
    const prefix = join(work, "global");
    const install = npm(["install", "--global", "--prefix", prefix, tarball], work);
    expect(install.code, install.stderr).toBe(0);
    expect(install.stderr).not.toContain("install-scripts");
    expect(run(join(prefix, "bin", "correx"), ["--version"], { cwd: work })).toEqual({ stdout: `${version}\n`, stderr: "", code: 0 });
    const manual = join(prefix, "share", "man", "man1", "correx.1");
    expect(existsSync(manual)).toBe(true);
    expect(readFileSync(manual, "utf8")).toBe(readFileSync(join(ROOT, "man", "correx.1"), "utf8"));
  }, INSTALL_TIMEOUT_MS);
});
