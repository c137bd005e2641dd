// Tells a command that runs until it is stopped (a dev server, a watcher, a follow of a log) from one that ends, by
// its words alone. Such a command prints as it goes, and an agent that reads a command's output while it runs
// (Codex CLI's unified exec: the output so far after `yield_time_ms`, then the model polls) shows the model that;
// under `correx run`, which writes once the command has ended, the model would read nothing, for ever.
//
// Conservative: only the well-known forms below are recognised; anything else is wrapped as before (a watcher missed
// is silent, as it was before this file; a one-shot command taken for a server costs a bounded output only).
import type { CommandWord } from "./shell-reader.js";

/** A program's arguments → true when that call runs until stopped. */
type RunsUntilStopped = (args: string[]) => boolean;

const always: RunsUntilStopped = () => true;
/** True when a subcommand (the first argument that is not an option) is one of `names`. */
const subcommand = (...names: string[]): RunsUntilStopped => (args) => names.includes(args.find((arg) => !arg.startsWith("-")) ?? "");
/** True when one of the arguments (options too: `php -S`) is one of `names`. */
const anyArg = (...names: string[]): RunsUntilStopped => (args) => args.some((arg) => names.includes(arg));
/** True unless one of the arguments is one of `names` (`vite` serves, `vite build` ends). */
const unlessArg = (...names: string[]): RunsUntilStopped => (args) => !args.some((arg) => names.includes(arg));
/** True when an option is a short one holding `letter` (`tail -f`, `-fn 50`, `-F`) or is `long`. */
const follows = (letters: string, ...long: string[]): RunsUntilStopped => (args) =>
  args.some((arg) => long.includes(arg) || (/^-[A-Za-z0-9]+$/.test(arg) && [...letters].some((letter) => arg.includes(letter))));

/**
 * A package script that serves or watches: `dev`, `start`, `serve`, `watch`, `develop`, `preview`, or one of their
 * `NAME:…` forms (`dev:web`), or any script with a `watch` part (`test:watch`, `build:watch`).
 */
const SERVING_SCRIPT = /^(?:dev|start|serve|watch|develop|preview)(?::.*)?$|(?:^|:)watch(?::|$)/;

/** The options of npm, pnpm and yarn that take a value in the next word (`--prefix web`, `--filter web`, `-w web`). */
const VALUE_OPTIONS = new Set(["--prefix", "--filter", "-F", "-C", "--dir", "--cwd", "-w", "--workspace"]);

/** A package manager's words that are not options nor their values: its command, then the script and its arguments. */
function commandWords(args: string[]): string[] {
  const words: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    if (VALUE_OPTIONS.has(args[index]!)) index += 1;
    else if (!args[index]!.startsWith("-")) words.push(args[index]!);
  }
  return words;
}

/** `npm run dev`, `npm start`, `npm run-script serve`, `npm --prefix web run dev` (not `npm test -- start`). */
const npmScript: RunsUntilStopped = (args) => {
  const [command, script] = commandWords(args);
  return command === "start" || ((command === "run" || command === "run-script") && SERVING_SCRIPT.test(script ?? ""));
};

/** pnpm, yarn, bun: `pnpm dev`, `yarn run dev`, `bun run dev`, `yarn workspace web dev`, `pnpm --filter web dev`. */
const runnerScript: RunsUntilStopped = (args) => {
  const words = commandWords(args);
  const script = words[0] === "run" ? words[1] : words[0] === "workspace" ? (words[2] === "run" ? words[3] : words[2]) : words[0];
  return SERVING_SCRIPT.test(script ?? "");
};

/** `python -m http.server`, `python -m uvicorn app:app`, `python -m flask run` (the module called as its program is), `python manage.py runserver`. */
const pythonServer: RunsUntilStopped = (args) => {
  const at = args.indexOf("-m");
  const module = at === -1 ? undefined : args[at + 1];
  if (module !== undefined) return module === "http.server" || module === "SimpleHTTPServer" || (PROGRAMS.get(module)?.(args.slice(at + 2)) ?? false);
  return args.some((arg) => arg.endsWith("manage.py")) && args.includes("runserver");
};

/** `docker compose up` (`docker-compose up`) in the foreground; `logs -f` of compose or docker. */
const composeUp = (args: string[]): boolean =>
  args.includes("up") && !args.some((arg) => ["-d", "--detach", "--wait", "--abort-on-container-exit", "--exit-code-from"].includes(arg) || arg.startsWith("--exit-code-from="));
const dockerLogs = (args: string[]): boolean => args.includes("logs") && follows("f", "--follow")(args);

/**
 * The programs, by the last part of their path (`./node_modules/.bin/vite` is `vite`), that run until stopped
 * when called so. Read from each tool's documented default (a dev server serves until Ctrl-C; `build` ends).
 */
const PROGRAMS = new Map<string, RunsUntilStopped>([
  // package scripts
  ["npm", npmScript], ["pnpm", runnerScript], ["yarn", runnerScript], ["bun", runnerScript],
  // JavaScript dev servers and watchers
  ["vite", unlessArg("build", "optimize")], ["next", subcommand("dev", "start")], ["nuxt", subcommand("dev")], ["nuxi", subcommand("dev")],
  ["astro", subcommand("dev")], ["remix", subcommand("dev")], ["gatsby", subcommand("develop")], ["ng", subcommand("serve", "s")],
  ["vue-cli-service", subcommand("serve")], ["react-scripts", subcommand("start")], ["ember", subcommand("serve", "s")],
  ["expo", subcommand("start")], ["storybook", subcommand("dev")], ["start-storybook", always], ["parcel", unlessArg("build")],
  ["webpack", subcommand("serve")], ["webpack-dev-server", always], ["wrangler", subcommand("dev")], ["netlify", subcommand("dev")],
  ["vercel", subcommand("dev")], ["nodemon", always], ["ts-node-dev", always], ["tsnd", always], ["node-dev", always], ["tsx", subcommand("watch")],
  ["http-server", always], ["live-server", always], ["serve", always], ["browser-sync", subcommand("start")],
  // Python
  ["python", pythonServer], ["python3", pythonServer], ["flask", anyArg("run")], ["uvicorn", always], ["gunicorn", always],
  ["hypercorn", always], ["daphne", always], ["waitress-serve", always], ["fastapi", subcommand("dev", "run")],
  ["streamlit", subcommand("run")], ["jupyter", subcommand("notebook", "lab", "server")], ["mkdocs", subcommand("serve")],
  // Ruby, PHP, Go, JVM, .NET, static sites
  ["rails", subcommand("s", "server")], ["puma", always], ["rackup", always], ["jekyll", subcommand("serve", "s")],
  ["hugo", subcommand("server", "serve")], ["php", anyArg("-S", "serve")], ["air", always], ["dotnet", subcommand("watch")],
  ["mvn", anyArg("spring-boot:run")], ["mvnw", anyArg("spring-boot:run")], ["gradle", anyArg("bootRun")], ["gradlew", anyArg("bootRun")],
  // watchers, follows, containers
  ["tsc", anyArg("-w")], ["deno", (args) => args[0] === "task" && SERVING_SCRIPT.test(args[1] ?? "")],
  ["cargo", subcommand("watch")], ["watchexec", always], ["entr", always], ["watch", always], ["tail", follows("fF", "--follow", "--follow=name", "--follow=descriptor")],
  ["journalctl", follows("f", "--follow")], ["docker", (args) => (args[0] === "compose" && composeUp(args)) || dockerLogs(args)],
  ["docker-compose", (args) => composeUp(args) || dockerLogs(args)], ["kubectl", (args) => args.includes("port-forward") || dockerLogs(args)],
]);

/**
 * Runners that run the program in their next words: `npx vite`, `pnpm exec nodemon`, `bundle exec rails s`, `uv run
 * uvicorn app:app`, `env PORT=3000 npm start`, `exec npm start`. Their options before the program are skipped.
 */
const RUNNERS = new Map<string, string[]>([
  ["npx", []], ["bunx", []], ["pnpx", []], ["exec", []], ["env", []], ["nice", []], ["stdbuf", []],
  ["pnpm", ["exec", "dlx"]], ["yarn", ["exec", "dlx"]], ["npm", ["exec"]], ["bun", ["x"]], ["bundle", ["exec"]],
  ["poetry", ["run"]], ["uv", ["run"]], ["pipenv", ["run"]], ["pdm", ["run"]], ["hatch", ["run"]], ["rye", ["run"]],
]);

/** A `--watch` flag (`--watch`, `--watchAll`, `--watch=src`; not `--watch=false`): jest, tsc, webpack, node, esbuild, sass… */
const WATCH_FLAG = /^--watch(?:All|-all)?(?:=(?!false$|0$).*)?$/;

/** Programs whose arguments are data (a pattern, a text): a `--watch` there is not theirs to follow. */
const DATA_ARGS = new Set(["grep", "egrep", "fgrep", "rg", "ag", "ack", "echo", "printf", "git", "sed", "awk", "find", "jq", "man"]);

/** Programs that end the call they run on their own: `timeout 60 npm run dev` ends. */
const TIME_LIMITED = new Set(["timeout", "gtimeout"]);

/** The program of a call and its arguments, past any runner in front of it (`npx`, `bundle exec`, `env X=1`). */
function unwrapRunners(name: string, args: string[]): { name: string; args: string[] } {
  for (let depth = 0; depth < 4; depth += 1) {
    const verbs = RUNNERS.get(name);
    if (verbs === undefined) break;
    let index = 0;
    if (verbs.length > 0) {
      if (!verbs.includes(args[0] ?? "")) break;
      index = 1;
    }
    // options, `env`'s assignments, `nice -n 10`'s number
    while (index < args.length && /^-|^[A-Za-z_]\w*=|^\d+$/.test(args[index]!)) index += 1;
    if (index >= args.length) break;
    name = baseName(args[index]!);
    args = args.slice(index + 1);
  }
  return { name, args };
}

function baseName(word: string): string {
  return word.slice(word.lastIndexOf("/") + 1);
}

/**
 * The call that runs until stopped in a command line's simple commands, as written (`npm run dev`), or undefined
 * when none does. A call with an end of its own in front (`timeout 60 npm run dev`) is not one: its program is
 * `timeout`.
 */
export function runsUntilStopped(commands: readonly CommandWord[]): string | undefined {
  for (const command of commands) {
    const { name, args } = unwrapRunners(baseName(command.word), command.args);
    if (TIME_LIMITED.has(name)) continue;
    const program = PROGRAMS.get(name);
    const watches = !DATA_ARGS.has(name) && args.some((arg) => WATCH_FLAG.test(arg));
    if ((program !== undefined && program(args)) || watches) return [command.word, ...command.args].join(" ");
  }
  return undefined;
}
