// The literal every match contains: the prefilter is only as right as this is conservative.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { requiredLiteral } from "../../src/spill/required-literal.js";

describe("requiredLiteral", () => {
  test.each([
    ["ECONNRESET", "ECONNRESET"],
    ["ECONN[A-Z]+", "ECONN"],
    ["status=[0-9]{3} took", "status="],
    ["ab?c", "a"],
    ["abc+d", "abc"],
    ["x*yz", "yz"],
    ["a{0,2}bc", "bc"],
    ["error\\.log", "error.log"],
    ["(foo|bar)baz", "baz"],
    ["^\\s*FAIL", "FAIL"],
    ["id\\x3d42", "id"],
    ["\\x{fffd}bad", "bad"],
    ["\\p{Greek}+ word", " word"],
  ])("%s needs %s", (pattern, literal) => {
    expect(requiredLiteral(pattern)).toBe(literal);
  });

  test.each(["a|b", "(?i)abc", ".*", "\\d+", "[abc]", "\\Qa.b\\E", "\\x41", "\\x{fffd}", "\\pL", "\\PL", "\\p{Greek}", "\\101"])("%s needs no literal it can be sure of", (pattern) => {
    expect(requiredLiteral(pattern)).toBeUndefined();
  });

  test("every string a generated pattern matches contains its literal", () => {
    const atom = fc.constantFrom("a", "b", "ab", "(a|b)", "[ab]", ".", "\\.", "c");
    const quantifier = fc.constantFrom("", "", "*", "+", "?", "{2}", "{0,1}");
    const pattern = fc.array(fc.tuple(atom, quantifier).map(([a, q]) => a + q), { minLength: 1, maxLength: 6 }).map((parts) => parts.join(""));
    const subject = fc.stringMatching(/^[abc.]{0,12}$/);
    fc.assert(fc.property(pattern, subject, (source, text) => {
      const literal = requiredLiteral(source);
      if (literal !== undefined && new RegExp(source).test(text)) expect(text).toContain(literal);
    }), { numRuns: 3000 });
  });
});
