// Which Bash commands keep their meaning under `correx run`, and which are left alone (and why).
import { describe, expect, test } from "vitest";
import { planWrap, reasonToKeep } from "../../src/hooks/shell-command.js";
import { readCommandShape } from "../../src/hooks/shell-reader.js";

describe("readCommandShape", () => {
  test.each([
    ["npm test", ["npm"]],
    ["FOO=1 BAR='a b' npm run build -- --watch=false", ["npm"]],
    ["git status && git diff | head -50; echo done", ["git", "git", "head", "echo"]],
    ["time make -j8 || (cd build && make)", ["make", "cd", "make"]],
    ["echo 'cd; export' \"&& source\" \\; ls", ["echo"]],
    ["echo $(pwd) `date`", ["echo", "pwd", "date"]],
    ["# a comment: cd somewhere\nls -la", ["ls"]],
    ["if [ -f x ]; then rm x; fi", ["[", "rm", "fi"]],
    // a here-document's body is data: skipped up to its delimiter (quoted or not, `<<-` with tabs, several on a line)
    ["cat > a.ts <<'EOF'\nexport function f() {}\n// it's done\nEOF\nnpx tsc --noEmit", ["cat", "npx"]],
    ["cat <<EOF > notes\ncd build & make\nEOF", ["cat"]],
    ["cat <<-\"END\" | sh\n\tcd x\n\tEND\nls", ["cat", "sh", "ls"]],
    ["paste <<A <<B\ncd 1\nA\nexport 2\nB\necho ok", ["paste", "echo"]],
    ["python3 - <<EOF\nprint('unclosed)\n", ["python3"]],
    // not here-documents: a here-string, an arithmetic shift
    ["cat <<< 'x'; cd y", ["cat", "cd"]],
    ["echo $((1<<3))\ncd y", ["echo", "cd"]],
    // ANSI-C quoting: a backslash escapes the `'` inside, so the `cd` after it is a command, not quoted text
    ["echo $'\\'' && cd sub && echo \\'", ["echo", "cd", "echo"]],
    ["printf $'it\\'s\\n' | grep -c x; export A=1", ["printf", "grep", "export"]],
    // a `#` after an empty quoted word is part of it; a line continuation joins a word; a function's brace body
    ["echo \"\"# ; cd sub", ["echo", "cd"]],
    ["c\\\nd sub && make", ["cd", "make"]],
    ["echo \"a\\\nb\"; export X=1", ["echo", "export"]],
    ["function go { cd sub; }; go", ["function", "cd", "}", "go"]],
  ])("%j: first words %j", (line, words) => {
    expect(readCommandShape(line).commandWords).toEqual(words);
  });

  test("ANSI-C quoting ends at its unescaped `'`: a line closing it is complete, one leaving it open is not", () => {
    expect(readCommandShape("grep $'\\'' f").unbalanced).toBe(false);
    expect(readCommandShape("grep $'\\'").unbalanced).toBe(true);
    // in double quotes `$'` is a dollar sign and a quote
    expect(readCommandShape("echo \"$'\" && cd x").commandWords).toEqual(["echo", "cd"]);
    // a background job hidden the same way
    expect(readCommandShape("echo $'\\'' & echo \\'").backgroundJob).toBe(true);
  });

  test.each([
    ["npm run dev &", true],
    ["sleep 5 & wait", true],
    ["make 2>&1 | tee log", false],
    ["make &> log && echo ok", false],
    ["cat < in >& out", false],
    ["echo 'a & b' \"c & d\"", false],
    ["make |& tail -50", false],
  ])("%j starts a background job: %s", (line, background) => {
    expect(readCommandShape(line).backgroundJob).toBe(background);
  });
});

describe("subshells", () => {
  test.each([
    ["cd a && (cd b; make) | tail", [["cd", 0], ["cd", 1], ["make", 1], ["tail", 0]], true],
    ["x=$(cd a; pwd); echo <(cd c) `cd b; ls`", [["cd", 1], ["pwd", 1], ["echo", 0], ["cd", 1], ["cd", 1], ["ls", 1]], true],
    ["echo $((2 * (3 + 1))); f() { cd x; }", [["echo", 0], ["f", 0], ["cd", 0], ["}", 0]], true],
    // a `)` with no `(` (a case pattern), a `$(` inside double quotes, one left open: depths are guesses
    ["case $x in a) cd y;; esac", [["case", 0], ["cd", 0], ["esac", 0]], false],
    ["echo \"$(cd a; pwd)\"", [["echo", 0]], false],
    ["(cd a", [["cd", 1]], false],
  ])("%j: commands and depths %j, reliable: %s", (line, commands, reliable) => {
    const shape = readCommandShape(line);
    expect(shape.commands.map(({ word, depth }) => [word, depth])).toEqual(commands);
    expect(shape.nestingReliable).toBe(reliable);
  });

  test.each([
    "(cd sub && make)",
    "x=$(cd packages/api; pwd) && echo $x",
    "diff <(cd a && ls) <(cd b && ls)",
    "echo `cd /; pwd`",
    "(export CI=1; npm test) 2>&1 | tail -20",
  ])("a builtin inside a subshell changes only the subshell: %j is wrapped whole", (line) => {
    expect(reasonToKeep(line)).toBeUndefined();
    expect(planWrap(line)).toEqual({ prefix: "", command: line });
  });

  test.each([
    ["case $x in a) cd y;; esac", "cd"],
    ["{ cd sub && make; }", "cd"],
    ["f() { cd x; }; f", "cd"],
    ["echo \"$(date)\"; (cd a); cd b", "cd"],
  ])("a builtin of the calling shell, or where subshells cannot be told, still keeps %j", (line, builtin) => {
    expect(planWrap(line)).toEqual({ keep: `\`${builtin}\` changes the shell's own state, which a wrapper would lose` });
  });
});

describe("planWrap: a leading cd runs in the agent's shell, the rest under correx", () => {
  test.each([
    ["cd /some/dir && npm test", "cd /some/dir && ", "npm test"],
    ["cd dir && make 2>&1 | tail -50", "cd dir && ", "make 2>&1 | tail -50"],
    ["cd \"$dir\"; pytest -x", "cd \"$dir\"; ", "pytest -x"],
    // after `;` the rest runs whatever the cd did, wrapped or not: any list may follow
    ["cd build; make || echo failed; ls", "cd build; ", "make || echo failed; ls"],
    ["cd a && cd b && npm test", "cd a && cd b && ", "npm test"],
    ["cd a; cd b && make", "cd a; cd b && ", "make"],
    ["cd packages/api\nnpm test", "cd packages/api\n", "npm test"],
    ["cd packages/api && \\\n  npm test", "cd packages/api && \\\n  ", "npm test"],
    ["cd a && make;", "cd a && ", "make;"],
    ["cd a && (cd b; make)", "cd a && ", "(cd b; make)"],
    ["cd && ls", "cd && ", "ls"],
    ["cd - && git status", "cd - && ", "git status"],
    ["cd ~/src/shop && make", "cd ~/src/shop && ", "make"],
    ["cd 'my dir' && ls", "cd 'my dir' && ", "ls"],
    ["cd \"it's here\" && ls", "cd \"it's here\" && ", "ls"],
    ["cd my\\ dir && ls", "cd my\\ dir && ", "ls"],
    ["cd ${HOME}/src && ls", "cd ${HOME}/src && ", "ls"],
    ["cd $(git rev-parse --show-toplevel) && npm test", "cd $(git rev-parse --show-toplevel) && ", "npm test"],
    ["cd \"$(dirname \"$f\")\" && make", "cd \"$(dirname \"$f\")\" && ", "make"],
    ["pushd sub && make", "pushd sub && ", "make"],
    // `$?` after `&&` is the cd's 0 either way, and later ones read the rest's own commands
    ["cd a && echo $?", "cd a && ", "echo $?"],
    ["cd a; make; echo $? $_", "cd a; ", "make; echo $? $_"],
    ["cd a && echo $_foo", "cd a && ", "echo $_foo"],
    ["cd a && cat > f <<'EOF'\nx; y || z\nEOF", "cd a && ", "cat > f <<'EOF'\nx; y || z\nEOF"],
  ])("%j: %j runs as it is, then %j under correx", (line, prefix, command) => {
    expect(planWrap(line)).toEqual({ prefix, command });
  });

  const AFTER_AND = "`cd` changes the shell's own state, which a wrapper would lose; after `cd … &&`, a `;`, `||` or new line runs even when the `cd` fails, so the `cd` cannot run apart";
  const CD = "`cd` changes the shell's own state, which a wrapper would lose";
  test.each([
    ["cd a && cd b2 && make && export X=1", "`export` changes the shell's own state, which a wrapper would lose"],
    // a cd elsewhere than at the start keeps the line, even after a subshell's own cd
    ["cd a && (cd b; make) && cd c", CD],
    ["make && cd dist", CD],
    ["pushd sub && make && popd", "`popd` changes the shell's own state, which a wrapper would lose"],
    ["cd a && nvm use && npm test", "`nvm` is a shell function from the user's startup files, which a wrapper's shell would not have"],
    ["cd a && correx run -- npm test", "the command already runs under correx"],
    ["cd a && npm run dev &", "the command starts a background job (`&`): the agent's shell returns as it exits and leaves the job running, and PostToolUse bounds what it printed"],
    // `cd a && x || y` is `(cd a && x) || y`: y runs when the cd fails, so the cd cannot be split off
    ["cd a && npm test || echo failed", AFTER_AND],
    ["cd a && make; echo done", AFTER_AND],
    ["cd a && make\nmake install", AFTER_AND],
    ["cd a && cat > f <<'EOF'\nx\nEOF\nnode f", AFTER_AND],
    ["cd a && if true; then make; fi", AFTER_AND],
    // nothing after the cd, or a cd whose end is not read for sure (a redirection elsewhere than /dev/null, a pipe in $( ), a comment)
    ["cd a", CD],
    ["cd a;", CD],
    ["cd a; # done", CD],
    ["cd a 2>cd.log && make", CD],
    ["cd $(git rev-parse --show-toplevel | head -1) && npm test", CD],
    ["cd a # b && c\nmake", CD],
    ["builtin cd a && make", CD],
    // the rest's first pipeline reads the shell state of the cd itself, which the wrapper's bash -c has not:
    // `$?` after `;` or a new line (the cd's status; after `&&` it is 0 either way), `$_`, PIPESTATUS, DIRSTACK
    ["cd missing; echo status=$?", `${CD}; the rest reads \`$?\` of the \`cd\`, which the wrapper's shell would not have`],
    ["cd missing\n[ ${?} -eq 0 ] && make", `${CD}; the rest reads \`$?\` of the \`cd\`, which the wrapper's shell would not have`],
    ["cd sub && ls $_", `${CD}; the rest reads \`$_\` of the \`cd\`, which the wrapper's shell would not have`],
    ["pushd sub >/dev/null && echo \"${DIRSTACK[@]}\"", "`pushd` changes the shell's own state, which a wrapper would lose; the rest reads `DIRSTACK` of the `pushd`, which the wrapper's shell would not have"],
  ])("keeps %j: %s", (line, reason) => {
    expect(planWrap(line)).toEqual({ keep: reason });
  });

  test("a substitution in a cd word that is not read (a pipe, a `;`) is given up at once, not after trying every split of its words", () => {
    // the old pattern, `(?:[ \t]*X+)*`, tried 2^n splits of an n-character word: 3 s for this line, minutes for longer
    const lines = [
      `cd "$(git rev-parse --show-toplevel || echo .)" && make`,
      `cd $(echo ${"a".repeat(24)} | head -1) && make`,
      `export ROOT=$(node -p ${"x".repeat(24)}; pwd) && make`,
    ];
    for (const line of lines) {
      const start = performance.now();
      expect(planWrap(line), line).toHaveProperty("keep");
      expect(performance.now() - start, line).toBeLessThan(500);
    }
  });

  test("where each command runs in a new shell (Gemini CLI), nothing is split: the line is wrapped whole", () => {
    expect(planWrap("cd a && npm test || echo failed", { keepsState: false })).toEqual({ prefix: "", command: "cd a && npm test || echo failed" });
    for (const line of ["export CI=1 && npm test", "source .venv/bin/activate && pytest", "pushd d >/dev/null && make"]) {
      expect(planWrap(line, { keepsState: false })).toEqual({ prefix: "", command: line });
    }
  });
});

describe("planWrap: a leading export, venv activate or quiet cd/pushd runs in the agent's shell, the rest under correx (it inherits them)", () => {
  test.each([
    // plain exports: the variables are in the environment the wrapped bash inherits
    ["export NODE_ENV=test && npm test", "export NODE_ENV=test && ", "npm test"],
    ["export CI=1; npm test || echo failed", "export CI=1; ", "npm test || echo failed"],
    ["export A=1 B=\"x y\" C='it''s' D= && make", "export A=1 B=\"x y\" C='it''s' D= && ", "make"],
    ["export ROOT=$(git rev-parse --show-toplevel) GOFLAGS=-mod=mod && go test ./...", "export ROOT=$(git rev-parse --show-toplevel) GOFLAGS=-mod=mod && ", "go test ./..."],
    ["export DATA=\"${HOME}/data/$(date +%F)\" && python run.py", "export DATA=\"${HOME}/data/$(date +%F)\" && ", "python run.py"],
    // a bare `export NAME` exports the variable the shell has: the child sees it as the rest would
    ["export TOKEN && ./deploy.sh", "export TOKEN && ", "./deploy.sh"],
    ["export PATH=\"$PWD/node_modules/.bin:$PATH\" && tsc -p .", "export PATH=\"$PWD/node_modules/.bin:$PATH\" && ", "tsc -p ."],
    ["export PATH=${PATH}:/opt/go/bin && go build", "export PATH=${PATH}:/opt/go/bin && ", "go build"],
    ["export PATH+=:/opt/go/bin && go build", "export PATH+=:/opt/go/bin && ", "go build"],
    ["export RUST_LOG=debug\ncargo test 2>&1 | tail -40", "export RUST_LOG=debug\n", "cargo test 2>&1 | tail -40"],
    // a virtual environment's bin/activate (venv, virtualenv, conda's): it exports PATH and VIRTUAL_ENV
    ["source .venv/bin/activate && pytest -x", "source .venv/bin/activate && ", "pytest -x"],
    [". ./x/bin/activate; pytest", ". ./x/bin/activate; ", "pytest"],
    ["source \"$HOME/venvs/ml env/bin/activate\" && python train.py", "source \"$HOME/venvs/ml env/bin/activate\" && ", "python train.py"],
    ["source ~/miniconda3/bin/activate && python -V", "source ~/miniconda3/bin/activate && ", "python -V"],
    ["source bin/activate && pip list", "source bin/activate && ", "pip list"],
    // redirections of stdout and stderr to /dev/null, or 2>&1, on a cd or pushd
    ["pushd d >/dev/null && pwd", "pushd d >/dev/null && ", "pwd"],
    ["pushd d > /dev/null 2>&1 && make", "pushd d > /dev/null 2>&1 && ", "make"],
    ["cd a >/dev/null 2>&1 && make", "cd a >/dev/null 2>&1 && ", "make"],
    ["cd a 2>/dev/null && make", "cd a 2>/dev/null && ", "make"],
    ["cd - &>/dev/null; git status", "cd - &>/dev/null; ", "git status"],
    ["cd a 2>&1 >/dev/null && make", "cd a 2>&1 >/dev/null && ", "make"],
    ["pushd d 1>>/dev/null && make", "pushd d 1>>/dev/null && ", "make"],
    // several, of any kind: one prefix
    ["cd api && source .venv/bin/activate && pytest -x", "cd api && source .venv/bin/activate && ", "pytest -x"],
    ["export X=1 && cd y && make", "export X=1 && cd y && ", "make"],
    ["cd a && cd b2 && export X=1 && make", "cd a && cd b2 && export X=1 && ", "make"],
    ["pushd web >/dev/null && export NODE_ENV=production; npm run build", "pushd web >/dev/null && export NODE_ENV=production; ", "npm run build"],
  ])("%j: %j runs as it is, then %j under correx", (line, prefix, command) => {
    expect(planWrap(line)).toEqual({ prefix, command });
  });

  const EXPORT = "`export` changes the shell's own state, which a wrapper would lose";
  const SOURCE = "`source` changes the shell's own state, which a wrapper would lose";
  const PUSHD = "`pushd` changes the shell's own state, which a wrapper would lose";
  test.each([
    // export's options: -f exports a function, -n unexports, -p prints; none is a variable the child gets as such
    ["export -f f && x", EXPORT],
    ["export -n X && make", EXPORT],
    ["export -p && make", EXPORT],
    ["export && make", EXPORT],
    // not a plain name, or a value not read for sure (an array, a pipe in $( ), a brace expansion)
    ["export X[1]=2 && make", EXPORT],
    ["export \"X=1\" && make", EXPORT],
    ["export X=$(cat .env | head -1) && make", EXPORT],
    ["export X={a,b} && make", EXPORT],
    // a PATH that drops $PATH could drop correx from it; a startup file bash -c would run first
    ["export PATH=/usr/bin && make", EXPORT],
    ["export PATH='$PATH:/x' && make", EXPORT],
    ["export BASH_ENV=./env.sh && make", EXPORT],
    ["export ENV=./env.sh && make", EXPORT],
    // variables bash ignores or resets from the environment: in place they change the rest, in the wrapper not
    ["export IFS=, && printf '[%s]' $x", EXPORT],
    ["export GLOBIGNORE='*.txt' && ls *", EXPORT],
    ["export PWD=/tmp && make", EXPORT],
    ["export SHLVL=7 && make", EXPORT],
    ["export BASH_XTRACEFD=1 && make", EXPORT],
    // a file sourced may set variables it does not export, functions, aliases, options the rest uses
    ["source env.sh && make", SOURCE],
    [". ./scripts/setup && make", "`.` changes the shell's own state, which a wrapper would lose"],
    ["source .venv/bin/activate.fish && pytest", SOURCE],
    ["source .venv/bin/activate-dev && pytest", SOURCE],
    ["source ~/miniconda3/bin/activate ml && python train.py", SOURCE],
    // a redirection elsewhere than /dev/null (a file the prefix writes), of another fd, or of stdin
    ["pushd d > out.txt && make", PUSHD],
    ["pushd d 3>/dev/null && make", PUSHD],
    ["pushd d </dev/null && make", PUSHD],
    ["pushd d >/dev/nullx && make", PUSHD],
    // the rules for the rest hold: a `;`, `||` or new line after `&&`, a later builtin or shell function
    ["source .venv/bin/activate && pytest || true", `${SOURCE}; after \`source … &&\`, a \`;\`, \`||\` or new line runs even when the \`source\` fails, so the \`source\` cannot run apart`],
    ["export CI=1 && npm test; echo done", `${EXPORT}; after \`export … &&\`, a \`;\`, \`||\` or new line runs even when the \`export\` fails, so the \`export\` cannot run apart`],
    ["source .venv/bin/activate && pytest; deactivate", "`deactivate` is a shell function from the user's startup files, which a wrapper's shell would not have"],
    ["export X=1 && make && export Y=2", EXPORT],
    ["export X=1 && make && cd ..", "`cd` changes the shell's own state, which a wrapper would lose"],
    ["source .venv/bin/activate && source env.sh && make", SOURCE],
    ["export X=1 && conda activate ml && python x.py", "`conda` is a shell function from the user's startup files, which a wrapper's shell would not have"],
    ["export X=1", EXPORT],
  ])("keeps %j: %s", (line, reason) => {
    expect(planWrap(line)).toEqual({ keep: reason });
  });
});

describe("reasonToKeep", () => {
  test("in an agent's fresh bash -c (Gemini CLI), shell functions were never there: wrapped", () => {
    expect(reasonToKeep("nvm use 20 && npm test", { keepsState: false })).toBeUndefined();
  });


  test.each([
    "npm test",
    "printf '%s\\n' \"it's a \\\"quoted\\\" line\" && sh examples/sum-test.sh",
    "pytest -x 2>&1 | tail -80",
    "for i in $(seq 1 3); do echo $i; done",
    "python3 -c 'import os; os.chdir(\"/\")'",
    "echo 'cd /tmp && export X=1'",
    "cat > src/env.ts <<'EOF'\nexport const url = process.env.URL;\n// don't log it\nEOF\nnpx tsc --noEmit",
    // correx named on a package runner's line, not run by it
    "npx vitest run ~/src/correx/test",
    "npx eslint packages/correx-plugin src/correx",
    "npm test -- --grep correx",
  ])("wraps %j", (line) => {
    expect(reasonToKeep(line)).toBeUndefined();
  });

  test.each([
    ["", "the command is empty"],
    ["cd packages/api && npm test", "`cd` changes the shell's own state, which a wrapper would lose"],
    ["source .venv/bin/activate && pytest", "`source` changes the shell's own state, which a wrapper would lose"],
    ["export NODE_ENV=test; npm test", "`export` changes the shell's own state, which a wrapper would lose"],
    [". ./env.sh", "`.` changes the shell's own state, which a wrapper would lose"],
    ["correx run -- npm test", "the command already runs under correx"],
    ["npm test 2>&1 | correx bound --max-lines 50", "the command already runs under correx"],
    ["./node_modules/.bin/correx read tool_01 --offset 3", "the command already runs under correx"],
    ["node bin/correx run -- npm test", "the command already runs under correx"],
    ["/usr/bin/node --max-old-space-size=512 /opt/correx/bin/correx read last", "the command already runs under correx"],
    ["npx correx grep tool_01 error", "the command already runs under correx"],
    ["npx -y correx@0.1.0 run -- make", "the command already runs under correx"],
    ["make 2>&1 | pnpm dlx correx bound", "the command already runs under correx"],
    ["npm exec -- correx ls", "the command already runs under correx"],
    ["npm run dev &", "the command starts a background job (`&`): the agent's shell returns as it exits and leaves the job running, and PostToolUse bounds what it printed"],
    ["echo 'unfinished", "the command line is not complete (an open quote or a trailing backslash)"],
    ["nvm use 20 && npm test", "`nvm` is a shell function from the user's startup files, which a wrapper's shell would not have"],
    ["conda activate ml; python train.py", "`conda` is a shell function from the user's startup files, which a wrapper's shell would not have"],
    ["source .venv/bin/activate && pytest; deactivate", "`source` changes the shell's own state, which a wrapper would lose"],
    ["z api && npm test", "`z` is a shell function from the user's startup files, which a wrapper's shell would not have"],
    ["cat > a <<EOF\nx\nEOF\ncd dist", "`cd` changes the shell's own state, which a wrapper would lose"],
  ])("keeps %j: %s", (line, reason) => {
    expect(reasonToKeep(line)).toBe(reason);
  });
});
