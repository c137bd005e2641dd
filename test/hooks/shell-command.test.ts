// Which Bash commands keep their meaning under `correx run`, and which are left alone (and why).
import { describe, expect, test } from "vitest";
import { readCommandShape, reasonToKeep } from "../../src/hooks/shell-command.js";

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
  ])("%j: first words %j", (line, words) => {
    expect(readCommandShape(line).commandWords).toEqual(words);
  });

  test.each([
    ["npm run dev &", true],
    ["sleep 5 & wait", true],
    ["make 2>&1 | tee log", false],
    ["make &> log && echo ok", false],
    ["cat < in >& out", false],
    ["echo 'a & b' \"c & d\"", false],
  ])("%j starts a background job: %s", (line, background) => {
    expect(readCommandShape(line).backgroundJob).toBe(background);
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
    ["npx correx grep tool_01 error", "the command already runs under correx"],
    ["npm run dev &", "the command starts a background job (`&`), which a wrapper would wait for"],
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
