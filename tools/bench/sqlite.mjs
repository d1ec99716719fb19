#!/usr/bin/env node
/**
 * Measures an embedded SQLite library for the host's store (docs/host.md, "State"): insert and read
 * speed of game rows (≤ 100 bytes each), the cost of a commit under synchronous=FULL and NORMAL in WAL
 * mode, and that the file survives SIGKILL mid-write (a child writes games in transactions and prints
 * each committed game number; the parent kills it at a seeded moment, reopens, runs
 * `PRAGMA integrity_check` and checks that the games 1..n are there exactly once with n ≥ the last
 * number the child reported committed). Not run by the tests: the figures go in docs/host.md.
 *
 *   node tools/bench/sqlite.mjs --lib libsql|better-sqlite3|wasm [--from DIR] [--rows 1000000]
 *        [--batch 10000] [--kills 20] [--dir /tmp/sqlite-bench]
 *
 * `--from DIR` resolves the library from DIR/node_modules (a scratch install), else from this checkout.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values: opt } = parseArgs({
  options: {
    lib: { type: 'string', default: 'libsql' },
    from: { type: 'string', default: process.cwd() },
    rows: { type: 'string', default: '1000000' },
    batch: { type: 'string', default: '10000' },
    kills: { type: 'string', default: '20' },
    dir: { type: 'string', default: '/tmp/sqlite-bench' },
    child: { type: 'string' },
    sync: { type: 'string', default: 'FULL' },
  },
});

const require = createRequire(join(resolve(opt.from), 'noop.js'));

/** One small interface over the three APIs: exec, a prepared statement's run/get/all/iterate, close. */
function open(file) {
  if (opt.lib === 'wasm') {
    const { Database } = require('node-sqlite3-wasm');
    const db = new Database(file);
    return {
      exec: (sql) => db.exec(sql),
      value: (sql) => Object.values(db.get(sql) ?? {})[0],
      prepare: (sql) => {
        const st = db.prepare(sql);
        return { run: (a) => st.run(a), get: (a) => st.get(a), iterate: () => st.iterate(), finalize: () => st.finalize() };
      },
      close: () => db.close(),
    };
  }
  const Database = require(opt.lib);
  const db = new Database(file);
  return {
    exec: (sql) => db.exec(sql),
    value: (sql) => Object.values(db.prepare(sql).get() ?? {})[0],
    prepare: (sql) => {
      const st = db.prepare(sql);
      return { run: (a) => st.run(a), get: (a) => st.get(a), iterate: () => st.iterate(), finalize: () => {} };
    },
    close: () => db.close(),
  };
}

const SCHEMA = 'CREATE TABLE IF NOT EXISTS games (n INTEGER PRIMARY KEY, rules INTEGER NOT NULL, seats TEXT NOT NULL, result TEXT NOT NULL)';
/** A game row of about 90 bytes: 6 seats as version ids and a compact result. */
const row = (n) => [n, 1, `${n % 97},${n % 89},${n % 83},${n % 79},${n % 73},${n % 71}`, `s=${n % 1000},${(n * 7) % 1000},${(n * 13) % 1000},${(n * 17) % 1000},${(n * 19) % 1000},${(n * 23) % 1000};w=${n % 6}`];

function prepareDb(file, sync) {
  for (const s of ['', '-wal', '-shm', '-journal', '.lock']) rmSync(file + s, { force: true, recursive: true });
  const db = open(file);
  const mode = db.value('PRAGMA journal_mode=WAL');
  db.exec(`PRAGMA synchronous=${sync}`);
  db.exec(SCHEMA);
  return { db, mode };
}

function insert(db, from, rows, batch) {
  const st = db.prepare('INSERT INTO games (n, rules, seats, result) VALUES (?, ?, ?, ?)');
  const t0 = performance.now();
  for (let i = 0; i < rows; i += batch) {
    db.exec('BEGIN IMMEDIATE');
    for (let j = i; j < Math.min(rows, i + batch); j++) st.run(row(from + j));
    db.exec('COMMIT');
  }
  const s = (performance.now() - t0) / 1000;
  st.finalize();
  return s;
}

if (opt.child) {
  // The SIGKILL victim: games in transactions of 100, each committed number printed after COMMIT returns.
  const db = open(opt.child);
  db.value('PRAGMA journal_mode=WAL');
  db.exec(`PRAGMA synchronous=${opt.sync}`);
  db.exec(SCHEMA);
  const st = db.prepare('INSERT INTO games (n, rules, seats, result) VALUES (?, ?, ?, ?)');
  let n = Number(db.value('SELECT coalesce(max(n), 0) FROM games'));
  process.stdout.write('ready\n');
  for (;;) {
    db.exec('BEGIN IMMEDIATE');
    for (let j = 0; j < 100; j++) st.run(row(++n));
    db.exec('COMMIT');
    process.stdout.write(`${n}\n`);
  }
}

mkdirSync(opt.dir, { recursive: true });
const rows = Number(opt.rows);
const batch = Number(opt.batch);
const out = { lib: opt.lib, version: JSON.parse(readFileSync(join(resolve(opt.from), 'node_modules', opt.lib === 'wasm' ? 'node-sqlite3-wasm' : opt.lib, 'package.json'), 'utf8')).version, rows, batch };

for (const sync of ['FULL', 'NORMAL']) {
  const file = join(opt.dir, `${opt.lib}-${sync}.db`);
  const { db, mode } = prepareDb(file, sync);
  out.journalMode = mode;
  const s = insert(db, 1, rows, batch);
  out[`insert_${sync}_rows_per_s`] = Math.round(rows / s);
  // Small commits: 200 transactions of one game each (what a tick step's commit costs).
  const t0 = performance.now();
  insert(db, rows + 1, 200, 1);
  out[`commit_${sync}_ms`] = +((performance.now() - t0) / 200).toFixed(3);
  if (sync === 'FULL') {
    const t1 = performance.now();
    let k = 0;
    for (const r of db.prepare('SELECT n, rules, seats, result FROM games').iterate()) k += r.result.length > 0 ? 1 : 0;
    out.scan_rows_per_s = Math.round(k / ((performance.now() - t1) / 1000));
    const get = db.prepare('SELECT result FROM games WHERE n = ?');
    const t2 = performance.now();
    let x = 12345;
    for (let i = 0; i < 100_000; i++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      get.get([1 + (x % rows)]);
    }
    out.lookups_per_s = Math.round(100_000 / ((performance.now() - t2) / 1000));
    get.finalize();
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    out.bytes_per_row = Math.round(statSync(file).size / (rows + 200));
  }
  db.close();
}

/** A seeded stream of kill delays (ms), so a run's kill moments can be repeated. */
let seed = 20261128;
const nextDelay = () => ((seed = (seed * 1103515245 + 12345) % 2147483648), 20 + (seed % 400));

async function killTrial(file) {
  const child = spawn(process.execPath, [new URL(import.meta.url).pathname, '--lib', opt.lib, '--from', opt.from, '--child', file, '--sync', opt.sync], { stdio: ['ignore', 'pipe', 'inherit'] });
  let buf = '';
  let last = 0;
  let ready;
  const isReady = new Promise((r) => (ready = r));
  child.stdout.on('data', (d) => {
    buf += d;
    const lines = buf.split('\n');
    buf = lines.pop();
    for (const l of lines) (l === 'ready' ? ready() : (last = Number(l)));
  });
  const exited = new Promise((r) => child.on('exit', r));
  await isReady;
  await new Promise((r) => setTimeout(r, nextDelay()));
  child.kill('SIGKILL');
  await exited;
  let db;
  let ok;
  try {
    db = open(file);
    ok = db.value('PRAGMA integrity_check');
  } catch (e) {
    // node-sqlite3-wasm locks with a `<file>.lock` directory, which a killed process leaves behind.
    return { ok: false, error: String(e.message ?? e).split('\n')[0], lost: 0, count: 0 };
  }
  const count = Number(db.value('SELECT count(*) FROM games'));
  const max = Number(db.value('SELECT coalesce(max(n), 0) FROM games'));
  db.close();
  return { ok: ok === 'ok' && count === max && max >= last, lost: Math.max(0, last - max), count };
}

const kills = Number(opt.kills);
if (kills > 0) {
  const file = join(opt.dir, `${opt.lib}-kill.db`);
  for (const s of ['', '-wal', '-shm', '-journal', '.lock']) rmSync(file + s, { force: true, recursive: true });
  let good = 0;
  let games = 0;
  for (let i = 0; i < kills; i++) {
    const r = await killTrial(file);
    if (r.ok) good++;
    else {
      console.error(`kill ${i + 1}: integrity or count failed`, r);
      if (r.error) {
        out.sigkill = `refused to reopen after the first SIGKILL: ${r.error}`;
        break;
      }
    }
    games = r.count;
  }
  out.sigkill ??= `${good}/${kills} intact (synchronous=${opt.sync}; ${games} games after the last)`;
}
console.log(JSON.stringify(out, null, 2));
