// Every script in examples/ runs here as a user would run it, with this clone's correx on PATH, and its whole
// output is checked (store paths and output ids aside).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { createTempDir, normalizeVolatile, OUTPUT_ID, ROOT, runShell, type ShellRun } from "./run-shell.js";

/** Runs a command line with the default store under a private XDG_STATE_HOME; also returns that store. */
function runWithStore(command: string, options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): ShellRun & { store: string } {
  const state = createTempDir("examples-state");
  const run = runShell(command, { ...options, env: { CORREX_SPILL_DIR: undefined, XDG_STATE_HOME: state, ...options.env } });
  return { ...run, store: join(state, "correx", "tool-output") };
}

const SUM_TEST_TAIL = `ok 35 - sum of zeros (35)
ok 36 - sum of zeros (36)
ok 37 - sum of zeros (37)
ok 38 - sum of zeros (38)
ok 39 - sum of zeros (39)
ok 40 - sum of zeros (40)
not ok 41 - sum of 2 2
  ---
  expected: 4
  actual: 2
  ...
1..41
# pass 40
# fail 1`;

describe("examples/", () => {
  test("every example is one of those run below or in test/hooks/ (opencode-plugin; add a test with a new one)", () => {
    expect(readdirSync(join(ROOT, "examples")).sort()).toEqual([
      "library.ts", "opencode-plugin", "page-spill.sh", "pre-push", "request-anthropic.mjs", "request-bedrock.mjs", "request-gemini.mjs",
      "request-openai-chat.mjs", "request-openai-responses.mjs", "run-failing-test.sh", "sum-test.sh", "typed-results.mjs",
    ]);
  });

  test("typed-results.mjs: eve's builders, lowered to Anthropic; typed results checked by a zod and a JSON Schema", () => {
    const run = runShell("node examples/typed-results.mjs");
    const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
    expect({ code: run.code, stderr: run.stderr, lines: run.stdout.trimEnd().split("\n") }).toEqual({
      code: 0,
      stderr: "",
      lines: [
        `{"type":"content","value":[{"type":"text","text":"Screenshot of /settings:"},{"type":"file","data":{"type":"data","data":"${png}"},"mediaType":"image/png","filename":"settings.png"}]}`,
        `{"type":"tool_result","tool_use_id":"toolu_01","content":[{"type":"text","text":"Screenshot of /settings:"},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"${png}"}}]}`,
        "run_python: valid",
        "run_python: input error at $.outputs[0].text",
        '{"path":"$.hits[1]","message":"expected string, found number"}',
        "an untyped tool keeps the flat fallback: nothing to check",
      ],
    });
  });

  test("sum-test.sh is a failing test run: forty passes, then one failure, exit 1", () => {
    const run = runShell("sh examples/sum-test.sh");
    expect(run.code).toBe(1);
    expect(run.stdout.split("\n")).toHaveLength(50);
    expect(run.stdout.endsWith(`${SUM_TEST_TAIL}\n`)).toBe(true);
  });

  test("run-failing-test.sh: the model sees the start, the marker, the failure and the exit code; the log is saved", () => {
    const run = runWithStore("sh examples/run-failing-test.sh");
    expect({ code: run.code, stderr: run.stderr, stdout: normalizeVolatile(run.stdout).trimEnd() }).toEqual({
      code: 1,
      stderr: "",
      stdout: `TAP version 13
[... omitted 33 lines, 840 bytes: lines 2-34 of 49 lines (1123 bytes in all) ...]
[full output: <store>/<id>; read the omitted part with: correx read <id> --offset 2 --limit 15, or: sed -n '2,34p' <store>/<id>]
ok 34 - sum of zeros (34)
${SUM_TEST_TAIL}

Command exited with code 1.`,
    });
    const id = run.stdout.match(OUTPUT_ID)![0];
    expect(readFileSync(join(run.store, id), "utf8")).toBe(runShell("sh examples/sum-test.sh").stdout);
  });

  test("page-spill.sh: bound, then two pages from the marker's offset, then a search", () => {
    const run = runWithStore("sh examples/page-spill.sh");
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
    expect(normalizeVolatile(run.stdout)).toBe(`request 1
[... omitted 994 lines, 11822 bytes: lines 2-995 of 1000 lines (11893 bytes in all) ...]
[full output: <store>/<id>; read the omitted part with: correx read <id> --offset 2 --limit 3, or: sed -n '2,995p' <store>/<id>]
request 996
request 997
request 998
request 999
request 1000

<path><store>/<id></path>
<type>file</type>
<content>
2: request 2
3: request 3
4: request 4
</content>
(Showing lines 2-4 of 1000. Use offset=5 to continue.)

<path><store>/<id></path>
<type>file</type>
<content>
5: request 5
6: request 6
7: request 7
</content>
(Showing lines 5-7 of 1000. Use offset=8 to continue.)

Found 3 matches
Line 500: request 500
Line 501: request 501
Line 502: request 502
`);
    expect(new Set(run.stdout.match(OUTPUT_ID)).size).toBe(1);
  });
});

describe("examples/pre-push in a git repository", () => {
  // The user's own git configuration (core.hooksPath, say) must not decide whether the hook runs.
  const GIT_ENV = { GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" };

  /** A clone with one commit, the hook installed as the example says, and a bare remote to push to. */
  function createRepository(): string {
    const dir = createTempDir("pre-push");
    const setup = runShell(
      [
        "git -c init.defaultBranch=main init -q --bare remote.git",
        "git -c init.defaultBranch=main init -q work",
        "cd work",
        `cp '${join(ROOT, "examples", "pre-push")}' .git/hooks/pre-push && chmod +x .git/hooks/pre-push`,
        "git -c user.name=correx -c user.email=correx@example.com commit -q --allow-empty -m 'first'",
        "git remote add origin ../remote.git",
      ].join(" && "),
      { cwd: dir, env: GIT_ENV },
    );
    expect(setup).toMatchObject({ code: 0 });
    return dir;
  }

  const pushedRefs = (dir: string): string => runShell("git --git-dir=remote.git for-each-ref --format='%(refname)'", { cwd: dir, env: GIT_ENV }).stdout;

  test("failing checks: the bounded log ends with the failure, and the push is refused", () => {
    const dir = createRepository();
    const check = `sh '${join(ROOT, "examples", "sum-test.sh")}'`;
    const push = runWithStore("git push -q origin HEAD:refs/heads/main", { cwd: join(dir, "work"), env: { ...GIT_ENV, CORREX_PRE_PUSH_CHECK: check } });
    expect(push.code).not.toBe(0);
    const log = normalizeVolatile(`${push.stdout}${push.stderr}`);
    expect(log).toContain("[full output: <store>/<id>; read the omitted part with: correx read <id> --offset ");
    expect(log).toContain(`${SUM_TEST_TAIL}\n\nCommand exited with code 1.`);
    expect(log).toContain("failed to push some refs");
    expect(log.split("\n").findIndex((line) => line.includes("Command exited"))).toBeLessThan(40);
    expect(pushedRefs(dir)).toBe("");
  });

  test("passing checks: the push goes through", () => {
    const dir = createRepository();
    const push = runWithStore("git push -q origin HEAD:refs/heads/main", { cwd: join(dir, "work"), env: { ...GIT_ENV, CORREX_PRE_PUSH_CHECK: "echo all checks passed" } });
    expect({ code: push.code, output: (push.stdout + push.stderr).trimEnd() }).toEqual({ code: 0, output: "all checks passed\n\nCommand exited with code 0." });
    expect(pushedRefs(dir)).toBe("refs/heads/main\n");
  });
});

describe("examples/request-*.mjs, fed by the CLI as their header comments show", () => {
  test.each(["anthropic", "openai-chat", "openai-responses", "gemini", "bedrock"])("request-%s.mjs", (provider) => {
    const script = readFileSync(join(ROOT, "examples", `request-${provider}.mjs`), "utf8");
    const pipeline = /^\/\/ {3}(correx run .*\| node examples\/request-[\w-]+\.mjs)$/m.exec(script)?.[1];
    expect(pipeline, "the usage line in the header comment").toBeDefined();
    const cwd = createTempDir("request");
    const run = runWithStore(pipeline!.replace("node examples/", `node ${ROOT}examples/`), { cwd });
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
    const body = JSON.stringify(JSON.parse(run.stdout));
    const callId = /--call-id (\S+)/.exec(pipeline!)![1]!;
    expect(body).toContain(JSON.stringify(callId));
    expect(body).toContain("total 0\\n\\nCommand exited with code 0.");
  });
});
