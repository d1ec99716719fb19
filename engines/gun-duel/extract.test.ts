/**
 * The Gun Duel scraper path, offline: answers of our own making in the posted answers' HTML shape
 * (fixtures/gun-duel/answers/) served by a fake StackExchange API on 127.0.0.1, scraped into a
 * temporary cache; the C++ classes come out as `<Name>.hpp` files (which compile against a
 * stand-in Player.hpp written here), the answers in other languages are named with their
 * interface, the registry says how to play them, and one of them plays through --bot-cmd.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/fixtures.ts';
import { koth, kothAsync, tempDirs } from '../../test/helpers.ts';
import { FakeStackExchange, runKoth, type SimAnswer } from '../../test/test-server.ts';
import { codeBlocks } from '../../scraper/extract.ts';
import { registryReport } from '../../scraper/registry.ts';
import { knownBots } from '../registry.ts';
import { cppPlayerFiles, gunDuelExtractor, interfaceOf, scrapedField } from './extract.ts';

const answers = fixture<{ items: SimAnswer[] }>('gun-duel/answers/answers.json').items;
const bodyOf = (id: number) => answers.find((a) => a.answer_id === id)!.body;
const extract = (id: number) => gunDuelExtractor.extract(bodyOf(id));
const tmp = tempDirs('koth-gun-scrape-');

describe('gun-duel extractor', () => {
  it('C++: the classes deriving Player, also through another class of the answer', () => {
    expect(extract(4101).bots.map((b) => b.name)).toEqual(['StubbornPlayer']);
    const r = extract(4102);
    expect(r.bots.map((b) => [b.name, b.block, b.language])).toEqual([
      ['CautiousPlayer', 0, undefined],
      ['BraveCautiousPlayer', 1, undefined],
    ]);
    expect(r.bots[1]!.sha256).toBe(r.blocks[1]!.sha256);
  });

  it('other languages: one bot named by the heading, with its language and interface', () => {
    const one = (id: number) => {
      const b = extract(id).bots;
      expect(b).toHaveLength(1);
      return { name: b[0]!.name, language: b[0]!.language, interface: b[0]!.interface, title: b[0]!.title };
    };
    expect(one(4103)).toEqual({ name: 'PythonicShooter', language: 'Python', interface: 'exit-code', title: 'Pythonic Shooter - Python 3' });
    expect(one(4104)).toEqual({ name: 'LineReader', language: 'Python', interface: 'stdio', title: 'LineReader (Python 3, stdin/stdout)' });
    expect(one(4105)).toEqual({ name: 'JavaGunner', language: 'Java', interface: 'stdio', title: undefined });
  });

  it('no bot: a program no heading names (the reason says its language and interface), a block that is no program', () => {
    expect(extract(4106).bots).toEqual([]);
    expect(extract(4106).reason).toMatch(/a Python answer for the exit-code interface .* no heading naming it: play it with --bot-cmd "Name=<program>" --interface exit-code/);
    expect(extract(4107).bots).toEqual([]);
    expect(extract(4107).reason).toMatch(/no C\+\+ class deriving Player, and no program in another language/);
    expect(gunDuelExtractor.extract('<p>no code</p>').reason).toMatch(/no code block/);
  });

  it('interfaceOf reads the interface from a program', () => {
    expect(interfaceOf('import sys\nsys.exit(ord(sys.argv[1][0]))')).toBe('exit-code');
    expect(interfaceOf('#!/bin/sh\n[ "$4" -ge 1 ] && exit 49\nexit 48')).toBe('exit-code');
    expect(interfaceOf('while True:\n    l = input()\n    if l[0] == "F": print(0)')).toBe('stdio');
    expect(interfaceOf('while read -r l; do case "$l" in F*) echo 0;; esac; done')).toBe('stdio');
    expect(interfaceOf('print("hello")')).toBeUndefined();
  });
});

describe('cppPlayerFiles: one <Name>.hpp per class', () => {
  const cached = (id: number) => ({ answer_id: id, author: 'x', ...gunDuelExtractor.extract(bodyOf(id)) });
  it('the repository shape is kept as it is; a class with its base from another block gets both, Player.hpp included first', () => {
    const [stubborn] = cppPlayerFiles(cached(4101));
    const blocks = codeBlocks(bodyOf(4101));
    expect(stubborn).toMatchObject({ name: 'StubbornPlayer', file: 'StubbornPlayer.hpp', text: blocks[0]!.text, sha256: blocks[0]!.sha256, origin: 'answer 4101 by x' });
    const files = cppPlayerFiles(cached(4102));
    const [base, child] = codeBlocks(bodyOf(4102)).map((b) => b.text);
    expect(files.map((f) => f.file)).toEqual(['CautiousPlayer.hpp', 'BraveCautiousPlayer.hpp']);
    expect(files[0]!.text).toBe(`#include "Player.hpp"\n\n${base}`);
    expect(files[1]!.text).toBe(`#include "Player.hpp"\n\n${base}\n${child}`);
    expect(cppPlayerFiles(cached(4103))).toEqual([]); // Python: no C++ file
  });

  it.skipIf(spawnSync('g++', ['--version']).status !== 0)('each file compiles on its own against a Player.hpp with the question\'s interface (g++ -fsyntax-only)', () => {
    const d = tmp();
    // Our own stand-in, written from the question's description of the base class.
    writeFileSync(
      join(d, 'Player.hpp'),
      `#pragma once\n#include <cstddef>\n#include <vector>\nclass Player {\npublic:\n  enum Action { LOAD, BULLET, PLASMA, METAL, THERMAL };\n  enum Result { DRAW, WIN, LOSS };\n  explicit Player(size_t opponent = -1) : o(opponent) {}\n  virtual ~Player() {}\n  virtual Action fight() = 0;\n  virtual void perceive(Action a) { h.push_back(a); }\n  virtual void declared(Result) {}\n  int getAmmo() const { return 0; }\n  int getTurn() const { return 0; }\nprotected:\n  Action load() { return LOAD; } Action bullet() { return BULLET; } Action plasma() { return PLASMA; } Action metal() { return METAL; } Action thermal() { return THERMAL; }\n  size_t getOpponent() const { return o; }\n  int getAmmoOpponent() const { return 0; }\nprivate:\n  size_t o; std::vector<Action> h;\n};\n`,
    );
    for (const id of [4101, 4102]) {
      for (const f of cppPlayerFiles(cached(id))) {
        writeFileSync(join(d, f.file), f.text);
        writeFileSync(join(d, 'main.cpp'), `#include "${f.file}"\nint main() { ${f.name} p(1); return p.fight() == Player::LOAD ? 0 : 1; }\n`);
        const r = spawnSync('g++', ['-std=c++14', '-fsyntax-only', 'main.cpp'], { cwd: d, encoding: 'utf8' });
        expect(r.status, `${f.file}: ${r.stderr}`).toBe(0);
      }
    }
  });
});

describe('scraped field, offline: koth scrape gun-duel, then the cache', () => {
  let server: FakeStackExchange;
  let cache: string;
  beforeAll(async () => {
    server = await new FakeStackExchange({ answers }).start();
    cache = mkdtempSync(join(tmpdir(), 'koth-gun-cache-'));
    const r = await runKoth(['scrape', 'gun-duel', '--api-base', server.base, '--cache', cache]);
    expect(r.status, r.stderr).toBe(0);
  });
  afterAll(async () => {
    await server?.stop();
    if (cache) rmSync(cache, { recursive: true, force: true });
  });

  it('the C++ players as files (a later answer with the same class replaces the earlier one), the others named with their interface', () => {
    const f = scrapedField(cache)!;
    expect(f.cpp.map((c) => [c.file, c.answerId])).toEqual([
      ['StubbornPlayer.hpp', 4108],
      ['CautiousPlayer.hpp', 4102],
      ['BraveCautiousPlayer.hpp', 4102],
    ]);
    expect(f.cpp[0]!.text).toContain('getTurn() % 4');
    expect(f.cpp[1]!.author).toBe('Careful & Co');
    expect(f.other).toEqual([
      { name: 'PythonicShooter', language: 'Python', interface: 'exit-code', answerId: 4103, author: 'Snake' },
      { name: 'LineReader', language: 'Python', interface: 'stdio', answerId: 4104, author: 'Reader' },
      { name: 'JavaGunner', language: 'Java', interface: 'stdio', answerId: 4105, author: 'Bean' },
    ]);
    expect(scrapedField(join(cache, 'elsewhere'))).toBeUndefined();
  });

  it('the registry (koth registry gun-duel) says how to play the other-language answers, and why two answers hold no bot', () => {
    const rows = registryReport(['gun-duel'], cache, knownBots).rows;
    const row = (b: string) => rows.find((x) => x.bot === b)!;
    expect(row('LineReader').note).toBe('found in the cache, no port; a Python program for the stdio interface: play it with --bot-cmd "LineReader=<program>" --interface stdio');
    expect(row('PythonicShooter').note).toMatch(/--interface exit-code$/);
    expect(row('StubbornPlayer').note).toBe('found in the cache, no port');
    expect(row('(answer 4106)')).toMatchObject({ status: 'not-a-bot' });
    expect(row('(answer 4106)').note).toMatch(/exit-code interface/);
    expect(row('(answer 4107)').status).toBe('not-a-bot');
  });

  it('a scraped stdio answer plays as it is named, through --bot-cmd', () => {
    const d = tmp();
    const f = scrapedField(cache)!;
    const reader = f.other.find((o) => o.name === 'LineReader')!;
    const block = codeBlocks(bodyOf(reader.answerId))[0]!.text;
    writeFileSync(join(d, 'line_reader.py'), block);
    const r = koth(['replay', 'gun-duel', '--exact', '--seed', '1', '--repetition', '1', '--players', 'GunClubPlayer,PlasmaPlayer,LineReader', '--bot-cmd', `LineReader=python3 ${join(d, 'line_reader.py')}`, '--interface', reader.interface!, '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.json().external[0]).toMatchObject({ player: 'LineReader', timeouts: 0, deadAtMove: 0 });
  }, 120_000);

  it('--cpp-players cache compiles the scraped C++ players and seats them (the ones with no port after the field)', async () => {
    const r = await kothAsync(['replay', 'gun-duel', '--exact', '--seed', '1', '--repetition', '1', '--players', 'GunClubPlayer,StubbornPlayer,BraveCautiousPlayer', '--cpp-players', 'cache', '--json'], { KOTH_CACHE: cache });
    expect(r.status, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout).rows as { player: string }[];
    expect(rows.map((x) => x.player).sort()).toEqual(['BraveCautiousPlayer', 'GunClubPlayer', 'StubbornPlayer']);
  }, 300_000);
});
