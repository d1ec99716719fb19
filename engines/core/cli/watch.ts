/**
 * What every game's `koth play <game> --report DIR` shares: the option's help and the command
 * line that remakes the page (shown on it).
 */
export const WATCH_REPORT_HELP =
  'also write DIR/index.html: the game step by step (one self-contained page: inline SVG, ←/→, a slider, play/pause; every step listed without script); DIR is checked writable before the game';

/** The command as typed (`koth play …`), for the page. */
export function watchCommand(argv: readonly string[] = process.argv.slice(2)): string {
  return ['koth', ...argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`))].join(' ');
}
