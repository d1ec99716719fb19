// Issue 31, CLI defects 16, 17, 18 and review items: each tried as the hostile user did.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { koth, ROOT, tempDirs } from './helpers.ts';
import { didYouMean, similar } from '../engines/core/cli/suggest.ts';
import pkg from '../package.json' with { type: 'json' };

/** Runs dist/koth.js with its stdout a pipe whose reading end is closed before koth writes (`koth … | head` after head has gone). */
function intoClosedPipe(args: string[]): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['dist/koth.js', ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

describe('16: output into a closed pipe', () => {
  for (const args of [['--help'], ['replay', '--help'], ['verify', '--help'], ['play', 'dice'], ['replay', 'dice', '--exact', '--games', '300', '--json']]) {
    it(`koth ${args.join(' ')} | (closed): exit 0, no EPIPE stack`, async () => {
      const r = await intoClosedPipe(args);
      expect(r.stderr).not.toMatch(/EPIPE|Error|at /);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
    });
  }
});

describe('17: koth --version / -V', () => {
  it('prints the package version and the build hash build.mjs injected', () => {
    const long = koth(['--version']);
    const short = koth(['-V']);
    expect(long.status).toBe(0);
    expect(short.status).toBe(0);
    expect(long.stdout).toBe(short.stdout);
    const m = /^koth-replay (\S+) \(build ([0-9a-f]{12})\)\n$/.exec(long.stdout);
    expect(m?.[1]).toBe(pkg.version);
    // The same hash the bundle was built with (the one a queued job carries: engines/core/runner/queue/).
    expect(readFileSync(`${ROOT}/dist/koth.js`, 'utf8') + readFileSync(`${ROOT}/dist/worker.js`, 'utf8')).not.toContain('__KOTH_BUILD__');
    expect(long.stderr).toBe('');
    expect(koth(['--help']).stdout).toContain('-V, --version');
  });
});

describe('18: a mistyped game gets a suggestion, the same one everywhere', () => {
  it('similar(): close names only, best first', () => {
    expect(similar('dcie', ['dice', 'ruins', 'atomas'])).toEqual(['dice']);
    expect(similar('ruin', ['dice', 'ruins'])).toEqual(['ruins']);
    expect(similar('camelup', ['camel-up', 'gun-duel'])).toEqual(['camel-up']);
    expect(similar('chess', ['dice', 'ruins', 'atomas', 'gun-duel', 'camel-up'])).toEqual([]);
    expect(didYouMean('xyzzy', ['dice'])).toBe('');
  });
  for (const [cmd, text] of [
    ['replay', 'unknown game "dcie" (did you mean dice?)'],
    ['play', 'unknown game "dcie" (did you mean dice?)'],
    ['verify', 'no game "dcie" (did you mean dice?)'],
  ] as const) {
    it(`koth ${cmd} dcie: exit 2, suggests dice`, () => {
      const r = koth([cmd, 'dcie']);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(text);
      expect(r.stderr).not.toContain('too many arguments');
      expect(r.stdout).toBe('');
    });
  }
  it('koth replay with a word that is no game and close to none: exit 2, lists the games', () => {
    const r = koth(['replay', 'chess']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown game "chess": koth replay takes one of dice, ruins/);
  });
});

describe('review: npm install is quiet (npm 11 allowScripts)', () => {
  it('every installed package with an install script has an allowScripts entry in package.json', async () => {
    const { readdirSync, existsSync } = await import('node:fs');
    const withScripts = new Set<string>();
    const walk = (dir: string) => {
      if (!existsSync(dir)) return;
      for (const name of readdirSync(dir)) {
        if (name.startsWith('.')) continue;
        if (name.startsWith('@')) {
          for (const sub of readdirSync(`${dir}/${name}`)) visit(`${dir}/${name}/${sub}`);
        } else visit(`${dir}/${name}`);
      }
    };
    const visit = (p: string) => {
      if (!existsSync(`${p}/package.json`)) return;
      const j = JSON.parse(readFileSync(`${p}/package.json`, 'utf8')) as { name: string; scripts?: Record<string, string> };
      // npm runs preinstall/install/postinstall, and `node-gyp rebuild` for a binding.gyp without an install script.
      if (['preinstall', 'install', 'postinstall'].some((k) => j.scripts?.[k]) || existsSync(`${p}/binding.gyp`)) withScripts.add(j.name);
      walk(`${p}/node_modules`);
    };
    walk(`${ROOT}/node_modules`);
    expect(withScripts.size).toBeGreaterThan(0);
    const allow = (pkg as { allowScripts?: Record<string, boolean> }).allowScripts ?? {};
    expect([...withScripts].filter((n) => !(n in allow)).sort()).toEqual([]);
  });
});

describe('review: --report is checked before the run, in every game and mode', () => {
  const tmp = tempDirs('koth-no-report-');
  const cases: string[][] = [
    ['replay', 'dice', '--exact'],
    ['replay', '--report', 'DIR', 'dice', '--exact'],
    ['replay', 'atomas', '--exact', '--seed', '1', '--bots', 'draftBot'],
    ['replay', 'camel-up', '--exact'],
    ['replay', 'gun-duel', '--exact', '--seed', '1'],
    ['replay', 'gun-duel', '--tournaments', '2'],
    ['replay', 'ruins', '--seed', 'K48XMESC'],
  ];
  for (const args of cases) {
    it(`koth ${args.join(' ')} --report DIR: exit 2 before anything runs`, () => {
      const dir = `${tmp()}/out`;
      const argv = args.includes('DIR') ? args.map((a) => (a === 'DIR' ? dir : a)) : [...args, '--report', dir];
      const r = koth(argv);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/with --[^\n]* gives no comparison with a published table, so no report can be written; nothing was run/);
      // Nothing ran: an exact replay or a tournament would have printed its result.
      expect(r.stdout).toBe('');
    });
  }
});

describe('§3: the report sink is passed explicitly (no module state)', () => {
  const tmp = tempDirs('koth-sink-');
  it('what a game offers still reaches the page: dice --compare-rules --report (through kit.offerReport)', () => {
    const dir = `${tmp()}/out`;
    const r = koth(['replay', 'dice', '--compare-rules', 'original,fixed', '--games', '2000', '--workers', '1', '--json', '--report', dir]);
    expect(r.status).toBe(0);
    const html = readFileSync(`${dir}/index.html`, 'utf8');
    expect(html).toContain('rule comparison');
    expect(html).toContain('Win rate by seat');
  });
  it('each kit offers to its own sink; a kit without one offers nowhere', async () => {
    const { ReportSink } = await import('../engines/core/report/html/sink.ts');
    const { createReplayKit } = await import('../engines/core/cli/kit.ts');
    const a = new ReportSink();
    const b = new ReportSink();
    const part = { kind: 'rules' as const, data: {} as never };
    createReplayKit(() => '', a).offerReport(part);
    createReplayKit(() => '').offerReport(part);
    expect(a.parts).toEqual([part]);
    expect(b.parts).toEqual([]);
  });
});

describe('22: a scrape cache path through a file', () => {
  const tmp = tempDirs('koth-cache-file-');
  it('scrape --offline and registry (--cache or KOTH_CACHE): exit 6 naming the file, not "no cache" / exit 0', async () => {
    const { writeFileSync } = await import('node:fs');
    const file = `${tmp()}/notes.txt`;
    writeFileSync(file, 'not a folder\n');
    for (const [args, env] of [
      [['scrape', 'dice', '--offline', '--cache', `${file}/cache`], {}],
      [['registry', '--cache', `${file}/cache/deeper`], {}],
      [['registry', 'dice'], { KOTH_CACHE: `${file}/cache` }],
      [['scrape', 'all', '--offline'], { KOTH_CACHE: `${file}/cache` }],
    ] as const) {
      const r = koth([...args], { ...env });
      expect(r.status, args.join(' ')).toBe(6);
      expect(r.stderr).toContain(`${file} is a file, not a folder`);
      expect(r.stderr).not.toMatch(/no cache|nothing cached/);
      expect(r.stdout).toBe('');
    }
  });
});
