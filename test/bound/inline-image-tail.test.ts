// An inline image too big to hold as one line (megabytes of base64 in one sequence, or kitty's chunks of it on one
// line): the head shows its start as `[image]`, and the tail, which starts inside the sequence, shows none of it.
// The images are chafa's recordings (test/fixtures/README.md), their payload repeated past the 1 MiB line window.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { BoundSession, resolveBoundOptions } from "../../src/bound/index.js";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "latin1");

function boundText(text: string, maxBytes: number) {
  const session = new BoundSession(resolveBoundOptions({ budget: { maxLines: 2000, maxBytes } }));
  session.write(Buffer.from(text, "latin1"));
  return session.finish();
}

/** The recorded output with its image's payload `times` times over, as a bigger picture is sent. */
function bigger(name: string, payload: RegExp, times: number): string {
  return fixture(name).replace(payload, (data: string) => data.repeat(times));
}

const BASE64_RUN = /[A-Za-z0-9+/]{32}/;

describe("an inline image over the line window", () => {
  test.each([
    ["kitty's chunks", bigger("chafa-kitty.txt", /\x1b_Gm=1;[^\x1b]*\x1b\\(?:\x1b_Gm=1;[^\x1b]*\x1b\\)*/, 40)],
    ["iTerm2's one sequence", bigger("chafa-iterm.txt", /(?<=:)[A-Za-z0-9+/=]+(?=\x07)/, 40)],
    ["a sixel", bigger("chafa-sixels.txt", /(?<=q)[^\x1b]+(?=\x1b\\)/, 200)],
  ])("%s: the start reads [image], the tail shows no payload", (_name, text) => {
    expect(text.length).toBeGreaterThan(1024 * 1024);
    const bound = boundText(text, 4000);
    expect(bound.text).toContain("plot written to chart.png:\n[image]");
    expect(bound.text).toMatch(/done\n?$/);
    expect(bound.text).not.toMatch(BASE64_RUN);
    expect(bound.text).not.toMatch(/#\d+;2;|[?@A-~]{32}/); // sixel data
  });

  test("a line's tail that only looks like the end of a sequence keeps its text when it holds a space", () => {
    const text = `${"word ".repeat(300_000)}end\x07 of line\n`;
    expect(boundText(text, 4000).text).toMatch(/word end of line\n$/);
  });
});
