// bin/correx run as users run it, by the kernel (not `node bin/correx`): its sh line moves NODE_EXTRA_CA_CERTS aside
// so that correx's own node does not read the certificates at start-up, and the JavaScript puts it back, so that
// whatever correx starts sees the environment as the user set it. The variable names a file that does not exist:
// a Node that reads it says so on stderr ("Ignoring extra certs from …"), which correx must never print.
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { CORREX, pipeHolding } from "./cli-process.js";

const ROOT = path.resolve(path.dirname(CORREX), "..");
const dir = fs.mkdtempSync(path.join(tmpdir(), "correx-launcher-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A certificate file that does not exist, its path with spaces and a `$`, as a user may set it. */
const MISSING_CERTS = path.join(dir, "no such $HOME certs.pem");
const WARNING = /Ignoring extra certs/;
const NO_STATE = { NODE_EXTRA_CA_CERTS: undefined, CORREX_NODE_EXTRA_CA_CERTS: undefined };

/** The environment of a run: this process's, the store private, the two variables as given (undefined: unset). */
function environment(vars: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", CORREX_SPILL_DIR: path.join(dir, "store"), ...NO_STATE, ...vars };
  for (const name of Object.keys(env)) if (env[name] === undefined) delete env[name];
  return env;
}

/** Runs `bin` ARGS as the kernel runs it (the file itself, executed), with `input` on stdin. */
function launch(bin: string, args: string[], vars: NodeJS.ProcessEnv, options: { input?: string; cwd?: string; stdin?: number } = {}) {
  const result = spawnSync(bin, args, { env: environment(vars), encoding: "utf8", cwd: options.cwd, ...(options.stdin === undefined ? { input: options.input ?? "" } : { stdio: [options.stdin, "pipe", "pipe"] }) });
  return { stdout: result.stdout, stderr: result.stderr, code: result.status, signal: result.signal };
}

/**
 * A `run` command that prints both variables as it sees them ("unset" when absent), then whether correx's own node
 * (its parent) was started with NODE_EXTRA_CA_CERTS in its environment (/proc/PID/environ: as exec gave it).
 */
const SHOW = [
  "sh", "-c",
  'printf "NODE_EXTRA_CA_CERTS=[%s] CORREX_NODE_EXTRA_CA_CERTS=[%s]\\n" "${NODE_EXTRA_CA_CERTS-unset}" "${CORREX_NODE_EXTRA_CA_CERTS-unset}"; '
  + "if tr '\\0' '\\n' < /proc/$PPID/environ | grep -q '^NODE_EXTRA_CA_CERTS='; then echo 'correx started with it'; else echo 'correx started without it'; fi",
];
const seen = (value: string | undefined) => `NODE_EXTRA_CA_CERTS=[${value ?? "unset"}] CORREX_NODE_EXTRA_CA_CERTS=[unset]\ncorrex started without it\n`;

describe("bin/correx run by the kernel", () => {
  test("run's command sees NODE_EXTRA_CA_CERTS as the user set it (a path with spaces and $, empty, unset), never the temporary name; correx's node starts without it", () => {
    for (const value of [MISSING_CERTS, "", undefined]) {
      // a temporary name set by hand is the launcher's own: it never reaches the command either
      for (const stray of [undefined, "/stray.pem"]) {
        const run = launch(CORREX, ["run", "--", ...SHOW], { NODE_EXTRA_CA_CERTS: value, CORREX_NODE_EXTRA_CA_CERTS: stray });
        expect(run.stdout, `NODE_EXTRA_CA_CERTS ${value}, stray ${stray}`).toBe(`${seen(value)}\nCommand exited with code 0.\n`);
        expect(run.stderr).not.toMatch(WARNING);
        expect(run.code).toBe(0);
      }
    }
  });

  test("correx reads no certificates: `echo hi | correx bound` (the pass-through) and the bundle print no warning of Node's; the node it starts takes the bundle's code cache", () => {
    const stdin = pipeHolding(dir, "hi\n").reader;
    const passed = launch(CORREX, ["bound"], { NODE_EXTRA_CA_CERTS: MISSING_CERTS }, { stdin });
    fs.closeSync(stdin);
    expect(passed).toEqual({ stdout: "hi\n", stderr: "", code: 0, signal: null });
    // a preloaded probe (NODE_OPTIONS reaches the node the sh line execs) writes down whether V8 took the cache: the
    // build makes it with `node bin/correx`, so the launcher must start node with the same V8 flags (none)
    const probe = path.join(dir, "cache-probe.cjs");
    const report = path.join(dir, "cache-probe.txt");
    fs.writeFileSync(probe, `const vm = require("node:vm");
const Script = vm.Script;
vm.Script = class extends Script {
  constructor(code, options) {
    super(code, options);
    require("node:fs").writeFileSync(${JSON.stringify(report)}, options && options.cachedData ? (this.cachedDataRejected ? "rejected" : "cached") : "no cache");
  }
};
`);
    const bundle = launch(CORREX, ["bound", "--max-lines", "2000"], { NODE_EXTRA_CA_CERTS: MISSING_CERTS, NODE_OPTIONS: `--require ${probe}` }, { input: "hi\n" });
    expect(bundle).toEqual({ stdout: "hi\n", stderr: "", code: 0, signal: null });
    expect(fs.readFileSync(report, "utf8")).toBe("cached");
    // as any node started with the variable does, `node bin/correx` reads it: the warning the launcher avoids
    const byNode = spawnSync(process.execPath, [CORREX, "bound"], { env: environment({ NODE_EXTRA_CA_CERTS: MISSING_CERTS }), input: "hi\n", encoding: "utf8" });
    expect([byNode.stdout, byNode.status]).toEqual(["hi\n", 0]);
    expect(byNode.stderr).toMatch(WARNING);
  });

  test("proxy's MCP server gets the variable back, as the user set it", () => {
    const server = ["sh", "-c", 'printf "[%s][%s]" "${NODE_EXTRA_CA_CERTS-unset}" "${CORREX_NODE_EXTRA_CA_CERTS-unset}" >&2; exit 3'];
    const proxy = launch(CORREX, ["proxy", "--", ...server], { NODE_EXTRA_CA_CERTS: MISSING_CERTS });
    expect(proxy.stderr).toBe(`[${MISSING_CERTS}][unset]`);
    expect(proxy.code).toBe(3);
  });

  test("through npm's .bin symlink (relative, in a folder with spaces), from a relative path, and as a copy in a path with spaces", () => {
    const project = path.join(dir, "a project $x");
    fs.mkdirSync(path.join(project, "node_modules", ".bin"), { recursive: true });
    fs.symlinkSync(ROOT, path.join(project, "node_modules", "correx"));
    fs.symlinkSync(path.join("..", "correx", "bin", "correx"), path.join(project, "node_modules", ".bin", "correx"));
    // a copy of the package's bin folder beside a link to its dist: the launcher's own path has the spaces
    const copy = path.join(dir, "copied package $y");
    fs.mkdirSync(path.join(copy, "bin"), { recursive: true });
    for (const name of fs.readdirSync(path.join(ROOT, "bin"))) fs.copyFileSync(path.join(ROOT, "bin", name), path.join(copy, "bin", name));
    fs.chmodSync(path.join(copy, "bin", "correx"), 0o755);
    fs.symlinkSync(path.join(ROOT, "dist"), path.join(copy, "dist"));
    const ways: [string, string | undefined][] = [
      [path.join(project, "node_modules", ".bin", "correx"), undefined],
      ["./node_modules/.bin/correx", project],
      [path.join(copy, "bin", "correx"), undefined],
    ];
    for (const [bin, cwd] of ways) {
      const run = launch(bin, ["run", "--", ...SHOW], { NODE_EXTRA_CA_CERTS: MISSING_CERTS }, { cwd });
      expect(run.stdout, bin).toBe(`${seen(MISSING_CERTS)}\nCommand exited with code 0.\n`);
      expect(run.stderr, bin).toBe("");
      expect(launch(bin, ["bound", "--max-lines", "1"], { NODE_EXTRA_CA_CERTS: MISSING_CERTS }, { input: "hi\n", cwd })).toMatchObject({ stdout: "hi\n", stderr: "", code: 0 });
    }
  });

  test("`correx read` and `correx ls` run from dist/store.cjs alone (no CLI bundle), and leave what they cannot read (help) to the CLI's bundle", () => {
    // an output in the store, then a package of the launcher and the store commands' bundle only: the CLI's bundle is not built
    const saved = launch(CORREX, ["run", "--", "seq", "1", "30000"], {});
    expect(saved.code).toBe(0);
    const id = /correx read (tool_\w+)/.exec(saved.stdout)?.[1];
    expect(id, saved.stdout).toBeDefined();
    const lone = path.join(dir, "read alone");
    fs.mkdirSync(path.join(lone, "bin"), { recursive: true });
    fs.mkdirSync(path.join(lone, "dist"));
    fs.copyFileSync(path.join(ROOT, "bin", "correx"), path.join(lone, "bin", "correx"));
    fs.chmodSync(path.join(lone, "bin", "correx"), 0o755);
    fs.copyFileSync(path.join(ROOT, "dist", "store.cjs"), path.join(lone, "dist", "store.cjs"));
    const bin = path.join(lone, "bin", "correx");
    const args = ["read", id!, "--offset", "29998", "--limit", "2"];
    const alone = launch(bin, args, { NODE_EXTRA_CA_CERTS: MISSING_CERTS });
    expect(alone).toMatchObject({ code: 0, stderr: "" });
    expect(alone.stdout).toContain("29998: 29998\n29999: 29999\n");
    expect(launch(CORREX, args, {})).toEqual(alone);
    // an unknown id's message and exit status are the command's own, from either bundle
    expect(launch(bin, ["read", "tool_01jdq3v2m8x4k7c9r5t0w2y6ab"], {})).toEqual(launch(CORREX, ["read", "tool_01jdq3v2m8x4k7c9r5t0w2y6ab"], {}));
    // ls too, and the same listing either way
    const listed = launch(bin, ["ls", "--format", "json"], {});
    expect(listed).toMatchObject({ code: 0, stderr: "" });
    expect(listed.stdout).toContain(id!);
    expect(launch(CORREX, ["ls", "--format", "json"], {})).toEqual(listed);
    // help is commander's: the CLI's bundle, missing here
    expect(launch(bin, ["read", "--help"], {})).toMatchObject({ code: 74, stderr: expect.stringContaining("not built") });
    expect(launch(bin, ["ls", "--help"], {})).toMatchObject({ code: 74, stderr: expect.stringContaining("not built") });
    expect(launch(CORREX, ["read", "--help"], {})).toMatchObject({ code: 0, stdout: expect.stringContaining("Usage: correx read [options] <id>") });
  });

  test("exit codes pass through the exec: the command's status, a usage error", () => {
    expect(launch(CORREX, ["run", "--", "sh", "-c", "exit 3"], { NODE_EXTRA_CA_CERTS: MISSING_CERTS })).toMatchObject({ code: 3, stderr: "" });
    const usage = launch(CORREX, ["bound", "--max-lines", "none"], { NODE_EXTRA_CA_CERTS: MISSING_CERTS });
    expect(usage.code).toBe(2);
    expect(usage.stderr).not.toMatch(WARNING);
  });

  test("SIGINT reaches correx at the pid that was started (exec keeps it) and `run` exits 130", async () => {
    const pidFile = path.join(dir, "parent.pid");
    // the command signals its parent, correx's node, once correx runs it: no race with start-up
    const child = spawn(CORREX, ["run", "--", "sh", "-c", `echo $PPID > '${pidFile}'; kill -INT $PPID; exec sleep 30`], { env: environment({ NODE_EXTRA_CA_CERTS: MISSING_CERTS }), stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on("exit", (exitCode, exitSignal) => resolve([exitCode, exitSignal])));
    expect([code, signal]).toEqual([130, null]);
    expect(fs.readFileSync(pidFile, "utf8").trim()).toBe(String(child.pid));
    expect(stderr).not.toMatch(WARNING);
  }, 30_000);
});
