// The CLI as commander reads it: every command's definition and commander's wiring; each command's work lives in
// its own file and in the library. main.ts loads it unless command-args.ts read the command line already.
import { Command, CommanderError } from "commander";
import { action } from "./action.js";
import { addBoundOptions, addBudgetOptions, addFromOption, addOptions, addProjectionOptions, addStoreOptions } from "./command-options.js";
import { EXIT } from "./exit-codes.js";
import { reportError, stdoutStream, writeStdout } from "./io.js";
import { LS_OPTIONS, READ_OPTIONS, RUN_OPTIONS_AFTER_ENV, RUN_OPTIONS_BEFORE_ENV } from "./option-specs.js";
import type { RawOptions } from "./options.js";

declare const CORREX_VERSION: string;

/** A program with every command's definition at hand, and the function that defines them (see defineCommands). */
export function createProgram(): { program: Command; defineCommands: (named: string | undefined) => void } {
  const program = new Command("correx")
    .description("The tool-result boundary of an AI agent: bound, clean, spill and lower tool output for models.")
    .version(typeof CORREX_VERSION === "string" ? CORREX_VERSION : "0.0.0-dev", "-V, --version")
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => stdoutStream().write(text),
      outputError: (text, write) => write(text.startsWith("error:") ? `correx: ${text}` : text),
    });

  // Which flags the user gave (not commander's defaults), so that a --preset fills in only the others.
  program.hook("preAction", (_program, command) => {
    const given = Object.keys(command.opts()).filter((key) => command.getOptionValueSource(key) === "cli");
    command.setOptionValue("givenOptions", given);
  });

  /** Each command's definition, in help order (defining them all costs start-up: see defineCommands). */
  const COMMANDS: readonly (readonly [string, () => Command])[] = [
    ["bound", () => addBoundOptions(program.command("bound"))
      .description("read stdin or files (text or a tool-result JSON), bound it to a budget with spill-to-file, write the projection")
      .argument("[files...]", "files to read in order as one stream, like cat (- is standard input; default: standard input)")
      .addHelpText("after", "\nExample:\n  npm test 2>&1 | correx bound --max-bytes 20KiB --label 'npm test'\n  correx bound build.log test.log\n  correx bound --tool bash --to anthropic --call-id toolu_01 < output.txt")
      .action(action(async (files: string[], raw: RawOptions) => (await import("./bound-command.js")).runBound(raw, files)))],
    ["normalize", () => addFromOption(addProjectionOptions(program.command("normalize"), "json"))
      .description("read any known tool-result shape, write the unified payload JSON (bounded like bound)")
      .addHelpText("after", "\nExample:\n  correx normalize < mcp-call-tool-result.json\n  correx normalize --from anthropic --to bedrock --call-id t1 < tool_result.json")
      .action(action(async (raw: RawOptions) => (await import("./bound-command.js")).runBound(raw, [], "all")))],
    ["lower", () => addFromOption(addProjectionOptions(program.command("lower")))
      .description("read a payload (or any known shape) and write a provider's exact wire JSON (--to is required)")
      .addHelpText("after", "\nExample:\n  correx normalize < result.json | correx lower --to anthropic --call-id toolu_01A09q90qw90lq917835lq9")
      .action(action(async (raw: RawOptions) => (await import("./bound-command.js")).runLower(raw)))],
    ["read", () => addOptions(program.command("read")
      .description("page a stored output: numbered consecutive complete lines and where to continue")
      .argument("<id>", "the output id from a marker (tool_…), or last (the newest), last~1 (the one before)…"), READ_OPTIONS)
      .addHelpText("after", "\nA removed output says why and when (expired, evicted by quota, never saved) and exits 1. A binary output is\nsummarized (--raw prints its bytes). An output changed since it was saved (its size, its time, its text view) is\nread as it is now, with a warning on stderr, in the page and in the JSON; exit 0 (65 with --verify).\n\nExample:\n  correx read tool_01jdq3v2m8x4k7c9r5t0w2y6ab --offset 401 --limit 200\n  correx read last --tail 50")
      .action(action(async (id: string, raw: RawOptions) => (await import("./read-command.js")).runRead(id, raw)))],
    ["grep", () => program.command("grep")
      .description("search a stored output: Found N matches, then Line N: text; exit 1 when nothing matches")
      .argument("<id>", "the output id from a marker (tool_…), last, last~1…, or all (every output; with -l or -c)")
      .argument("<pattern>", "an RE2 regular expression (as grep -E; no backreferences or lookaround), matched against each line")
      .option("--max <n>", "most matches to show (all are counted)", "100")
      .option("-C, --context <n>", "lines of context before and after each match (shown as Line N- text; -- between groups)", "0")
      .option("-i, --ignore-case", "match case-insensitively")
      .option("-F, --fixed-strings", "PATTERN is a literal string, not a regular expression")
      .option("-A, --after-context <n>", "show N lines after each match")
      .option("-B, --before-context <n>", "show N lines before each match")
      .option("-c, --count", "print only how many lines match (ID:N for each output with all)")
      .option("-l, --files-with-matches", "print only the ids of the outputs that match")
      .option("--max-bytes <size>", "byte budget of the text output", "51200")
      .option("--for <reader>", "model | terminal (matches highlighted when colours are on) (default: terminal on a TTY, else model)")
      .option("--format <format>", "text, or json", "text")
      .option("--raw", "match and show lines as stored (escape sequences and carriage-return redraws kept)")
      .option("--verify", "also check each output's sha256 against its record; exit 65 when one changed after it was saved")
      .option("--spill-dir <dir>", "the store to search (default: $CORREX_SPILL_DIR, else $XDG_STATE_HOME/correx/tool-output)")
      .addHelpText("after", "\nPatterns run in linear time (RE2), whatever they are. Lines are cut at 2000 characters around the match;\ncontext lines read Line N- text, and -- separates groups. Exit 0 on a match, 1 on none or on a removed output.\nAn output changed since it was saved is searched as it is now, with a warning on stderr.\n\nExample:\n  correx grep tool_01jdq3v2m8x4k7c9r5t0w2y6ab 'error|FAIL' -i --max 20 -C 2\n  correx grep all -l ECONNRESET")
      .action(action(async (id: string, pattern: string, raw: RawOptions) => (await import("./grep-command.js")).runGrep(id, pattern, raw)))],
    ["rm", () => program.command("rm")
      .description("remove stored outputs now (each leaves a tombstone, as gc's removals do)")
      .argument("<ids...>", "output ids, or last, last~1…")
      .option("--format <format>", "text, or json", "text")
      .option("--spill-dir <dir>", "the store to remove from (default: $CORREX_SPILL_DIR, else $XDG_STATE_HOME/correx/tool-output)")
      .addHelpText("after", "\nExit 1 when an id names no stored output (the others are still removed).\n\nExample:\n  correx rm last")
      .action(action(async (ids: string[], raw: RawOptions) => (await import("./rm-command.js")).runRemove(ids, raw)))],
    ["ls", () => addOptions(program.command("ls")
      .description("list the stored outputs, newest first: id, size, lines, age, exit code, command or tool"), LS_OPTIONS)
      .addHelpText("after", "\nExample:\n  correx ls --format json")
      .action(action(async (raw: RawOptions) => (await import("./ls-command.js")).runList(raw)))],
    ["completion", () => program.command("completion")
      .description("print a shell completion script (generated from these command definitions): bash | zsh | fish")
      .argument("<shell>", "bash, zsh or fish")
      .addHelpText("after", "\nExample:\n  source <(correx completion bash)            # in ~/.bashrc\n  correx completion fish > ~/.config/fish/completions/correx.fish")
      .action(action(async (shell: string) => {
        const { completionScript, SHELLS } = await import("./completion.js");
        const { parseChoice } = await import("./options.js");
        await writeStdout(completionScript(parseChoice("SHELL", shell, SHELLS), program));
      }))],
    ["config", () => program.command("config")
      .description("print the effective settings and where each came from: flag, preset, environment, config file, default")
      .option("--for <reader>", "the settings of this projection: model | terminal (default: terminal on a TTY, else model)")
      .option("--preset <name>", "show the settings with this preset: rind | opencode | codex | claude-code | gemini")
      .option("--format <format>", "text (key, value, origin), or json", "text")
      .addHelpText("after", "\nThe config file is $XDG_CONFIG_HOME/correx/config.json (else ~/.config/correx/config.json); its keys are\nlisted in the manual (FILES). A bad key or value there is a warning, never a lost output.\n\nExample:\n  correx config --for terminal")
      .action(action(async (raw: RawOptions) => (await import("./config-command.js")).runConfig(raw)))],
    ["gc", () => program.command("gc")
      .description("apply retention and quota to the store now; every removal leaves a tombstone")
      .option("--dry-run", "say what would be removed, remove nothing")
      .option("--max-age <duration>", "retention: remove outputs older than this, e.g. 7d, 12h, 0s (default 7d; env CORREX_MAX_AGE)")
      .option("--quota <size>", "total size: remove the oldest outputs past it, e.g. 1GiB (default 1GiB; env CORREX_QUOTA)")
      .option("--format <format>", "text, or json", "text")
      .option("--spill-dir <dir>", "the store to collect (default: $CORREX_SPILL_DIR, else $XDG_STATE_HOME/correx/tool-output)")
      .addHelpText("after", "\nSettings: flag, else environment, else $XDG_CONFIG_HOME/correx/config.json\n  {\"maxAge\": \"7d\", \"quota\": \"1GiB\", \"maxOutput\": \"256MiB\"}\n\nExample:\n  correx gc --dry-run --max-age 2d")
      .action(action(async (raw: RawOptions) => (await import("./gc-command.js")).runCollect(raw)))],
    ["run", () => addOptions(addOptions(addProjectionOptions(program.command("run")), RUN_OPTIONS_BEFORE_ENV)
      .option("--env <name=value>", "set a variable for the command (repeatable)", (pair: string, pairs: string[] = []) => [...pairs, pair]), RUN_OPTIONS_AFTER_ENV)
      .description("run a command, bound its merged stdout+stderr with spill-to-file, report how it ended; exit with its status")
      .argument("<command>", "the program to run (with --shell: the command line)")
      .argument("[args...]", "its arguments (put -- before the command so that its options stay its own)")
      .passThroughOptions()
      .addHelpText("after", "\nExit status: the command's own; 124 on timeout; 128+N when it ended by (or correx forwarded) signal N;\n127 when the command is not found, 126 when it cannot be run.\n\nExample:\n  correx run --timeout 10m -- npm test\n  correx run --shell -- 'make -j8 && make check'\n  correx run --format json -- bash -o pipefail -c 'make -j8 2>&1 | grep -v warning'")
      .action(action(async (command: string, args: string[], raw: RawOptions) => (await import("./run-command.js")).runCommandCli([command, ...args], raw)))],
    ["mcp", () => addStoreOptions(addBudgetOptions(program.command("mcp")))
      .description("an MCP server over stdio: tools to run a command bounded (run), and to page and search saved outputs (read_output, grep_output)")
      .option("--timeout <duration>", "default time limit of a run call that gives no timeout_ms: 500ms, 90s, 10m; a bare number is seconds (0 = none)", "0")
      .option("--kill-after <duration>", "grace period between SIGTERM and SIGKILL when a run is stopped or cancelled", "5s")
      .addHelpText("after", "\nOnly protocol frames are written to stdout; logs go to stderr. Budgets apply to each tool's text.\n\nExample:\n  correx mcp --max-bytes 20000 --spill-dir ~/.cache/correx")
      .action(action(async (raw: RawOptions) => (await import("./mcp-command.js")).runMcpServer(raw)))],
    ["proxy", () => addStoreOptions(addBudgetOptions(program.command("proxy")))
      .description("sit between an MCP client and a stdio MCP server: bound every tools/call result, pass everything else through")
      .argument("<server>", "the MCP server to run (put -- before it so that its options stay its own)")
      .argument("[args...]", "its arguments")
      .option("--max-media <size>", "replace image, audio and blob blocks larger than this by a note (default: media pass unchanged)")
      .option("--failure-max-bytes <size>", "a smaller byte budget for a result with isError, for clients that cut an error shorter (default: 10000 when the client is Claude Code, which shows an error's text whole only up to 11,024 characters)")
      .option("--request-timeout <duration>", "answer a request the server leaves unanswered this long with an error: 30s, 5m; progress restarts the clock; initialize is never timed out (0 = none)", "0")
      .option("--kill-after <duration>", "after the client closes and the server has answered, time it has to exit before SIGTERM (and again before SIGKILL); after a stop signal, before SIGKILL", "5s")
      .passThroughOptions()
      .addHelpText("after", "\ncorrex adds read_output and grep_output to the server's tools (correx_read_output, correx_grep_output if the\nserver has tools by those names). The proxy exits with the server's status.\n\nExample:\n  correx proxy --max-bytes 20000 -- npx -y @modelcontextprotocol/server-filesystem /srv/data")
      .action(action(async (server: string, args: string[], raw: RawOptions) => (await import("./proxy-command.js")).runProxy([server, ...args], raw)))],
    ["hook", () => program.command("hook")
      .description("answer an agent's hook event read on stdin (claude-code: Bash runs under correx run, MCP tool output is bounded; gemini-cli, codex: the shell command runs under correx run)")
      .argument("<agent>", "the agent whose hook protocol to speak: claude-code | gemini-cli | codex")
      .option("--print-config", "print the settings block that installs the hook (for .claude/settings.json, .gemini/settings.json or .codex/hooks.json), and exit")
      .option("--permission <decision>", "claude-code, gemini-cli: what a rewritten shell command asks for: ask (the user approves the rewritten command; the default) | allow (Claude Code runs it at once; Gemini CLI's policy decides)")
      .option("--max-lines <n>", "line budget of a shell command's or an MCP tool's output", "2000")
      .option("--max-bytes <n>", "byte budget of a shell command's or an MCP tool's output (default: 30000, under Claude Code's 30,000-character Bash limit; codex: 40000, under the 10,000 tokens Codex keeps whole)")
      .option("--spill-dir <dir>", "where full outputs are saved (default: $CORREX_SPILL_DIR, else $XDG_STATE_HOME/correx/tool-output)")
      .option("--inactivity-timeout <seconds>", "gemini-cli: Gemini CLI's tools.shell.inactivityTimeout if you changed it (default: 300; 0 = none): the command stops 7 s before it")
      .addHelpText("after", "\nAnswers {} (change nothing) for any other event. In a bypassPermissions session a rewrite is allowed;\nin a dontAsk session Bash is left as it is unless --permission allow. gemini-cli leaves MCP tools alone\n(Gemini CLI lets a hook add to a tool's result, not replace it); codex answers a rewrite with allow, the only\ndecision Codex takes one with (its approval policy then judges the rewritten command), and leaves MCP tools alone.\n\nExample:\n  correx hook claude-code --print-config\n  echo '{\"session_id\":\"s\",\"transcript_path\":\"t\",\"cwd\":\"/\",\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"npm test\"},\"tool_use_id\":\"toolu_01\"}' | correx hook claude-code\n  correx hook gemini-cli --print-config\n  correx hook codex --print-config")
      .action(action(async (agent: string, raw: RawOptions) => (await import("./hook-command.js")).runHook(agent, raw)))],
  ];

  /**
   * Defines the command named on the command line, alone: the other commands' options cost start-up (a third of
   * `bound`'s) and play no part in its parsing, help or errors. Anything else (help, completion, an unknown
   * command) defines every command.
   */
  const defineCommands = (named: string | undefined): void => {
    const only = named !== "completion" && COMMANDS.some(([name]) => name === named) ? named : undefined;
    for (const [name, define] of COMMANDS) {
      if (name === "run") program.enablePositionalOptions(); // where it always was: the commands after it inherit it
      if (only === undefined || name === only) define();
    }
  };
  return { program, defineCommands };
}

/** Parses the command line (`process.argv`'s shape) and runs the command; commander's own errors (unknown flag, missing argument) exit 2. */
export async function runProgram(argv: readonly string[]): Promise<void> {
  const { program, defineCommands } = createProgram();
  defineCommands(argv[2]);
  if (argv.length <= 2) {
    program.outputHelp({ error: true });
    process.exitCode = EXIT.usage;
    return;
  }
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      const quiet = error.code === "commander.helpDisplayed" || error.code === "commander.version" || error.code === "commander.help";
      process.exitCode = quiet ? EXIT.ok : EXIT.usage;
    } else {
      reportError(error);
    }
  }
}
