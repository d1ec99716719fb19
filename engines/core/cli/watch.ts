/** What every game's `koth play <game> --report DIR` shares: the option's help (the page shows kit.commandLine()). */
export const WATCH_REPORT_HELP =
  'also write DIR/index.html: the game step by step (one self-contained page: inline SVG, ←/→, Home/End, a slider, play/pause; every step listed without script); DIR is checked writable before the game';
