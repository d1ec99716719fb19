/**
 * Text made safe to print on a terminal (docs/cli.md, Output): what comes from outside — API
 * display names, scraped text, bot names, and the user's own command-line text (seeds, paths,
 * names) echoed in messages, headers and tables — is printed with its control characters escaped.
 */

/**
 * Text from outside (API display names, titles, bot names from scraped code, the user's
 * command-line text) made safe to print on a terminal: control characters (C0, DEL, C1 — ESC
 * among them, which could set the window title, change colours or clear the screen) and the
 * bidi overrides that make text read otherwise than it is stored are shown escaped as \xNN /
 * \u{NNNN}.
 * Stored data keeps the text exact; only what is printed is escaped.
 */
export function printable(s: string): string {
  return s.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => {
    const n = c.codePointAt(0)!;
    return n < 0x100 ? `\\x${n.toString(16).padStart(2, '0')}` : `\\u{${n.toString(16)}}`;
  });
}

/** An SGR sequence (colour, bold, dim): what picocolors writes. */
const SGR = /(\u001b\[[0-9;]*m)/;

/**
 * printable() for text that koth has coloured (a table's cells): its colour sequences (SGR,
 * ESC [ … m) are kept, every other control character is escaped.
 */
export function printableKeepingColour(s: string): string {
  return s
    .split(SGR)
    .map((part, i) => (i % 2 ? part : printable(part)))
    .join('');
}
