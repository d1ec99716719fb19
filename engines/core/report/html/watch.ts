/**
 * "Watch a game": one game, step by step, as one self-contained HTML page (inline CSS and
 * SVG, one small inline script for stepping, no network). The core knows no game: a game
 * turns its own event log (turn events, game log) into WatchSteps — a picture (SVG it
 * draws itself) and lines of text per step — and hands them to writeWatchPage. Without the
 * script every step is listed with its picture; with it, one step at a time with ←/→, a
 * slider and play/pause.
 */
import { join, resolve } from 'node:path';
import { writeFileAtomic } from '../../io/atomic.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** HTML-escapes text for element content and quoted attribute values (as page.ts does; kept here so a watch page loads no chart code). */
export function esc(s: unknown): string {
  return String(s ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export interface WatchStep {
  /** Short title of the step (the step list and the stepper show it). */
  label: string;
  /** The picture of the step: an <svg> element the game drew (text in it escaped with esc()). */
  svg: string;
  /** What happened, as plain text lines (escaped here). */
  lines: readonly string[];
  /** A step that stands out (a death, the last round starting...): a class for the list. */
  mark?: 'major' | 'bad' | 'good';
}

export interface WatchPage {
  /** Page title, e.g. "dice — game 1, seed 7". */
  title: string;
  /** Challenge id. */
  game: string;
  /** The command that makes this page again. */
  command: string;
  harnessVersion: string;
  /** What played the game (default: the TypeScript ports). */
  playedBy?: string;
  /** Plain text lines above the stepper (players, rules, the result). */
  intro: readonly string[];
  /** A legend under the picture (plain text). */
  legend?: string;
  steps: readonly WatchStep[];
}

const CSS = `
* { box-sizing: border-box; }
body { font: 15px/1.4 "DejaVu Sans", Verdana, Arial, sans-serif; color: #1f2328; background: #fff; margin: 0; }
main { max-width: 1200px; margin: 0 auto; padding: 18px 24px 48px; }
h1 { font-size: 24px; margin: 0 0 6px; }
.lead { color: #57606a; margin: 2px 0; }
code { font-family: "DejaVu Sans Mono", Menlo, monospace; font-size: 13px; }
#ctl { position: sticky; top: 0; background: #f6f8fa; border: 1px solid #d0d7de; border-radius: 6px; padding: 8px 12px; margin: 12px 0; display: flex; gap: 10px; align-items: center; z-index: 2; }
#ctl[hidden] { display: none; }
#ctl input[type=range] { flex: 1; }
#ctl button { font: inherit; padding: 2px 10px; }
#where { min-width: 12em; font-variant-numeric: tabular-nums; }
ol.steps { list-style: none; padding: 0; margin: 0; }
li.step { border-top: 1px solid #d0d7de; padding: 10px 0; }
li.step h2 { font-size: 17px; margin: 0 0 6px; }
li.step.major h2 { color: #9a6700; }
li.step.bad h2 { color: #cf222e; }
li.step.good h2 { color: #1a7f37; }
li.step svg { display: block; max-width: 100%; height: auto; }
li.step ul { margin: 6px 0 0; padding-left: 20px; }
.js li.step { display: none; }
.js li.step.current { display: block; }
.legend { color: #57606a; font-size: 13px; }
footer { margin-top: 32px; color: #57606a; font-size: 13px; border-top: 1px solid #d0d7de; padding-top: 8px; }
svg text { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; }
`;

// Stepping: ←/→ (also from the slider), Home/End, the slider, play/pause (space); the step in the URL's hash.
const SCRIPT = `(function(){
var steps=document.querySelectorAll('li.step');if(!steps.length)return;
var ctl=document.getElementById('ctl'),pos=document.getElementById('pos'),where=document.getElementById('where'),play=document.getElementById('play');
document.body.classList.add('js');ctl.hidden=false;pos.max=steps.length-1;
var i=-1,timer=null;
function show(k){k=Math.max(0,Math.min(steps.length-1,k));if(i>=0)steps[i].classList.remove('current');i=k;steps[i].classList.add('current');pos.value=i;
where.textContent='step '+(i+1)+' / '+steps.length+' — '+steps[i].getAttribute('data-label');
if(history.replaceState)history.replaceState(null,'','#'+steps[i].id);}
function stop(){if(timer){clearInterval(timer);timer=null;play.textContent='▶ play';}}
document.getElementById('prev').onclick=function(){stop();show(i-1);};
document.getElementById('next').onclick=function(){stop();show(i+1);};
pos.oninput=function(){stop();show(+pos.value);};
play.onclick=function(){if(timer){stop();return;}if(i>=steps.length-1)show(0);play.textContent='❚❚ pause';
timer=setInterval(function(){if(i>=steps.length-1){stop();return;}show(i+1);},700);};
document.addEventListener('keydown',function(e){if(e.key==='ArrowRight'){e.preventDefault();stop();show(i+1);}else if(e.key==='ArrowLeft'){e.preventDefault();stop();show(i-1);}else if(e.key==='Home'||e.key==='End'){e.preventDefault();stop();show(e.key==='Home'?0:steps.length-1);}else if(e.key===' '&&e.target===document.body){e.preventDefault();play.onclick();}});
var m=/^#step-(\\d+)$/.exec(location.hash);show(m?+m[1]-1:0);
})();`;

function stepHtml(s: WatchStep, n: number): string {
  const lines = s.lines.length ? `<ul>${s.lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>` : '';
  return `<li class="step${s.mark ? ' ' + s.mark : ''}" id="step-${n}" data-label="${esc(s.label)}"><h2>${n}. ${esc(s.label)}</h2>${s.svg}${lines}</li>`;
}

/** The whole page: every step listed (readable without the script), the stepper on top. */
export function renderWatchPage(p: WatchPage): string {
  return (
    '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">` +
    `<title>${esc(p.title)}</title><style>${CSS}</style></head><body><main data-game="${esc(p.game)}">` +
    `<h1>${esc(p.title)}</h1>` +
    p.intro.map((l) => `<p class="lead">${esc(l)}</p>`).join('') +
    `<p class="lead">Made by <code>${esc(p.command)}</code> · koth-replay ${esc(p.harnessVersion)} · ${p.steps.length} steps</p>` +
    `<div id="ctl" hidden><button id="prev" title="previous step (←)">◀</button><button id="play">▶ play</button><button id="next" title="next step (→)">▶</button>` +
    `<input id="pos" type="range" min="0" max="0" value="0" aria-label="step"><span id="where"></span></div>` +
    (p.legend ? `<p class="legend">${esc(p.legend)}</p>` : '') +
    `<ol class="steps">${p.steps.map((s, i) => stepHtml(s, i + 1)).join('\n')}</ol>` +
    `<footer>One game played by ${esc(p.playedBy ?? 'the TypeScript ports')}; the page is remade by <code>${esc(p.command)}</code>. ← / → step, Home / End go to the first / last step, the slider jumps, ▶ (or space) plays.</footer>` +
    `</main><script>${SCRIPT}</script></body></html>\n`
  );
}

/** Writes DIR/index.html (atomically) and returns its absolute path. */
export function writeWatchPage(dir: string, p: WatchPage): string {
  const path = resolve(join(dir, 'index.html'));
  writeFileAtomic(path, renderWatchPage(p));
  return path;
}

/** Small SVG helpers the games' drawings share (numbers rounded, text escaped). */
export const svg = {
  open(width: number, height: number, label: string): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(label)}">`;
  },
  text(x: number, y: number, s: string | number, attrs = ''): string {
    return `<text x="${r(x)}" y="${r(y)}"${attrs ? ' ' + attrs : ''}>${esc(s)}</text>`;
  },
  rect(x: number, y: number, w: number, h: number, fill: string, attrs = ''): string {
    return `<rect x="${r(x)}" y="${r(y)}" width="${r(Math.max(0, w))}" height="${r(Math.max(0, h))}" fill="${fill}"${attrs ? ' ' + attrs : ''}/>`;
  },
};

function r(v: number): string {
  return String(Math.round(v * 10) / 10);
}
