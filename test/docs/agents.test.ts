// README "Use it in your agent": every snippet there is run or checked here (its console blocks are also re-run
// by readme.test.ts): the Claude Code, Gemini CLI and Codex CLI settings blocks answer recorded events, the opencode dependency names this
// package and the plugin it goes with exists.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { readConsoleSteps, readFencedBlocks } from "./markdown.js";
import { createTempDir, ROOT, runShell } from "./run-shell.js";

const README = readFileSync(join(ROOT, "README.md"), "utf8");
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { name: string; version: string };

/** The text of the README section `## title`, up to the next `## `. */
function readSection(title: string): string {
  const start = README.indexOf(`\n## ${title}\n`);
  expect(start, `README section ${title}`).toBeGreaterThan(0);
  const end = README.indexOf("\n## ", start + 1);
  return README.slice(start, end === -1 ? undefined : end);
}

const section = readSection("Use it in your agent");
const blocks = readFencedBlocks(section);

/** The one block of the section whose info string is `info`. */
function block(info: string): string {
  const found = blocks.filter((candidate) => candidate.info === info);
  expect(found, `exactly one block \`\`\`${info}`).toHaveLength(1);
  return found[0]!.body;
}

describe("README: Use it in your agent", () => {
  test("one subsection per agent, and no snippet that this file does not check", () => {
    expect(section.split("\n").filter((line) => line.startsWith("### "))).toEqual([
      "### Claude Code", "### Gemini CLI", "### opencode", "### Codex CLI", "### Claude Desktop, Cursor, Gemini CLI and other MCP clients",
    ]);
    expect(blocks.map((candidate) => candidate.info)).toEqual(["console", "console", "console", "console", "json opencode package.json", "console", "console"]);
  });

  test("Claude Code: the settings block printed there installs a hook that answers Bash and MCP events", () => {
    const [printed] = readConsoleSteps(blocks.find((candidate) => candidate.info === "console")!.body);
    expect(printed!.command).toBe("correx hook claude-code --print-config");
    const settings = JSON.parse(printed!.output) as { hooks: Record<string, { matcher: string; hooks: { type: string; command: string }[] }[]> };
    expect(Object.keys(settings.hooks)).toEqual(["PreToolUse", "PostToolUse"]);
    const events = { PreToolUse: ["pre-tool-use-bash-npm-test"], PostToolUse: ["post-tool-use-bash-long", "post-tool-use-mcp-text"] };
    for (const [event, entries] of Object.entries(settings.hooks)) {
      expect(entries.map((entry) => entry.matcher)).toEqual(event === "PreToolUse" ? ["Bash"] : ["Bash", "mcp__.*"]);
      entries.forEach((entry, index) => {
        const fixture = join(ROOT, "test", "fixtures", "hooks", `${events[event as keyof typeof events][index]}.json`);
        const toolName = (JSON.parse(readFileSync(fixture, "utf8")) as { tool_name: string }).tool_name;
        expect(new RegExp(`^(?:${entry.matcher})$`).test(toolName), `${entry.matcher} matches ${toolName}`).toBe(true);
        const run = runShell(`${entry.hooks[0]!.command} < '${fixture}'`, { env: { CORREX_SPILL_DIR: createTempDir("agents-store") } });
        expect(run.code).toBe(0);
        expect(JSON.parse(run.stdout).hookSpecificOutput.hookEventName).toBe(event);
      });
    }
  });

  test("Gemini CLI: the settings block printed there installs a hook that Gemini CLI runs for run_shell_command, and it rewrites the command", () => {
    const printed = blocks.filter((candidate) => candidate.info === "console").map((candidate) => readConsoleSteps(candidate.body)[0]!).find((step) => step.command === "correx hook gemini-cli --print-config");
    const settings = JSON.parse(printed!.output) as { hooks: Record<string, { matcher: string; hooks: { type: string; command: string }[] }[]> };
    expect(Object.keys(settings.hooks)).toEqual(["BeforeTool"]);
    const [entry] = settings.hooks.BeforeTool!;
    const fixture = join(ROOT, "test", "fixtures", "hooks", "gemini-cli", "before-tool-shell-npm-test.json");
    const toolName = (JSON.parse(readFileSync(fixture, "utf8")) as { tool_name: string }).tool_name;
    // Gemini CLI tests a matcher as an unanchored regular expression (hookPlanner.ts)
    expect(new RegExp(entry!.matcher).test(toolName), `${entry!.matcher} matches ${toolName}`).toBe(true);
    const run = runShell(`${entry!.hooks[0]!.command} < '${fixture}'`, { env: { CORREX_SPILL_DIR: createTempDir("agents-store") } });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).hookSpecificOutput).toMatchObject({ hookEventName: "BeforeTool", tool_input: { dir_path: "packages/api" } });
  });

  test("Codex CLI: the hooks.json block printed there installs a hook that Codex runs for its shell, and it rewrites the command", () => {
    const printed = blocks.filter((candidate) => candidate.info === "console").map((candidate) => readConsoleSteps(candidate.body)[0]!).find((step) => step.command === "correx hook codex --print-config");
    const settings = JSON.parse(printed!.output) as { hooks: Record<string, { matcher: string; hooks: { type: string; command: string }[] }[]> };
    expect(Object.keys(settings.hooks)).toEqual(["PreToolUse"]);
    const [entry] = settings.hooks.PreToolUse!;
    const fixture = join(ROOT, "test", "fixtures", "hooks", "codex", "pre-tool-use-bash-npm-test.json");
    const toolName = (JSON.parse(readFileSync(fixture, "utf8")) as { tool_name: string }).tool_name;
    // Codex tests a matcher as a regular expression (codex-rs/hooks/src/events/common.rs)
    expect(new RegExp(entry!.matcher).test(toolName), `${entry!.matcher} matches ${toolName}`).toBe(true);
    const run = runShell(`${entry!.hooks[0]!.command} < '${fixture}'`, { env: { CORREX_SPILL_DIR: createTempDir("agents-store") } });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).hookSpecificOutput).toMatchObject({ hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "correx run --for model --watchdog --max-bytes 40000 -- bash -c 'npm test'" } });
  });

  test("opencode: the dependency names this package at its version, and the plugin linked there exists", () => {
    expect(JSON.parse(block("json opencode package.json"))).toEqual({ dependencies: { [pkg.name]: `^${pkg.version}` } });
    const link = /\[`examples\/opencode-plugin\/correx\.ts`\]\((examples\/opencode-plugin\/correx\.ts)\)/.exec(section)?.[1];
    expect(link && existsSync(join(ROOT, link))).toBe(true);
    expect(section).toContain("`.opencode/plugins/`");
  });

  test("every link to another section of the README lands on a heading", () => {
    const slugs = README.split("\n").filter((line) => /^#{2,3} /.test(line)).map((line) => slugOf(line.replace(/^#+ /, "")));
    const anchors = [...section.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1]!);
    expect(anchors.length).toBeGreaterThan(0);
    for (const anchor of anchors) expect(slugs, anchor).toContain(anchor);
  });

  test("the man page's EXAMPLES carry the README's Codex and mcpServers blocks of correx mcp and correx proxy", () => {
    const man = readFileSync(join(ROOT, "man", "correx.1"), "utf8");
    const examples = man.slice(man.indexOf("\n.SH EXAMPLES\n"), man.indexOf("\n.SH SEE ALSO\n"));
    const manBlocks = [...examples.matchAll(/\n\.EX\n([\s\S]*?)\.EE\n/g)].map((match) => match[1]!.replace(/\\-/g, "-").replace(/\\e/g, "\\"));
    const readmeBlocks = ["`correx mcp`: a bounded shell for any MCP client", "`correx proxy`: bound any MCP server"].flatMap((title) => readFencedBlocks(readSection(title)));
    const toml = readmeBlocks.filter((candidate) => candidate.info === "toml").map((candidate) => candidate.body);
    expect(toml).toHaveLength(2);
    expect(manBlocks).toContain(`${toml.join("\n\n")}\n`);
    const servers = readmeBlocks.filter((candidate) => candidate.info === "json").map((candidate) => (JSON.parse(candidate.body) as { mcpServers: object }).mcpServers);
    const manServers = manBlocks.filter((text) => text.includes('"mcpServers"')).map((text) => JSON.parse(text) as { mcpServers: object });
    expect(manServers).toEqual([{ mcpServers: Object.assign({}, ...servers) }]);
  });
});

/** GitHub's anchor for a heading: lower case, punctuation but hyphens dropped, spaces as hyphens. */
function slugOf(heading: string): string {
  return heading.toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, "").replace(/\s/g, "-");
}
