// Inline images in terminal output: iTerm2's `ESC ] 1337 ; File = … inline=1 : BASE64 BEL` (imgcat, WezTerm),
// kitty's graphics protocol `ESC _ G a=T,f=100,m=1 ; BASE64 ESC \` (its later chunks carry only `m=`), and sixel
// `ESC P 0;1;8 q #0;2;… ESC \` (img2sixel, chafa -f sixel). A terminal draws a picture; the text a model reads gets
// `[image]` where it was, and nothing of its base64 (megabytes in one sequence). The tail of a line of such
// output shows the end of a sequence whose start was cut off: `cutStringEnd` finds where it ends.

/** What a model reads where a terminal drew an image. */
const IMAGE_NOTE = "[image]";

const ESC = 0x1b;
const C1_DCS = 0x90;
const C1_OSC = 0x9d;
const C1_APC = 0x9f;
/** The part of a sequence its kind is read from: the parameters before the payload. */
const HEADER_CHARACTERS = 256;
const ITERM_FILE = /^1337;File=([^:\x07\x1b\x9c]*)/;
const ITERM_INLINE = /(?:^|;)inline=1(?:;|$)/;
const KITTY_DISPLAY = /^G(?:[^;\x1b\x07\x9c]*,)?a=[Tp](?:[,;]|$)/;
const SIXEL = /^[0-9;]*q/;

/** The note for the string sequence (OSC, DCS, APC …) that starts at `start`, when it draws an image; "" otherwise. */
export function stringNote(text: string, start: number): string {
  const code = text.charCodeAt(start);
  const introducer = code === ESC ? text.charCodeAt(start + 1) : code;
  const from = code === ESC ? start + 2 : start + 1;
  if (introducer === 0x5d || introducer === C1_OSC) {
    const file = ITERM_FILE.exec(text.slice(from, from + HEADER_CHARACTERS));
    return file && ITERM_INLINE.test(file[1]!) ? IMAGE_NOTE : "";
  }
  if (introducer === 0x5f || introducer === C1_APC) return KITTY_DISPLAY.test(text.slice(from, from + HEADER_CHARACTERS)) ? IMAGE_NOTE : "";
  if (introducer === 0x50 || introducer === C1_DCS) return SIXEL.test(text.slice(from, from + HEADER_CHARACTERS)) ? IMAGE_NOTE : "";
  return "";
}

// A string's payload up to its terminator (ST as ESC \ or U+009C, or BEL): no space, no control.
const CUT_STRING_END = /^[^\x00-\x20\x7f-\x9f]+(?:\x1b\\|\x9c|\x07)/;

/**
 * For a line whose start is missing (the tail of a line too long to hold): where the string sequence it opens
 * inside of ends, when it opens inside one (its text up to a lone string terminator holds no space and no control:
 * base64, sixel data, a URL); 0 otherwise. A terminal ignores a lone terminator, so no real text is taken for one.
 */
export function cutStringEnd(text: string): number {
  const found = CUT_STRING_END.exec(text);
  return found === null ? 0 : found[0].length;
}
