#!/usr/bin/env node
// koth-replay (our own code): gathers tournament outputs into one fixture file.
//   node tools/oracle/gun-duel/collect.mjs clock OUT.json RUN.json...    g++ oracle outputs → {"runs":[…]}
//   node tools/oracle/gun-duel/collect.mjs ours OUT.json BATCH.json...   `koth replay gun-duel --tournaments N --json` outputs → {"tournaments":[…]}
import { readFileSync, writeFileSync } from 'node:fs';

const [kind, out, ...files] = process.argv.slice(2);
if (!['clock', 'ours'].includes(kind) || !out || files.length === 0) {
  console.error('usage: collect.mjs clock|ours OUT.json FILE...');
  process.exit(2);
}
const items = [];
const parameters = new Set();
for (const f of files) {
  const j = JSON.parse(readFileSync(f, 'utf8'));
  if (kind === 'clock') {
    if (!Array.isArray(j.rows) || j.rows.length !== 17) throw new Error(`${f}: not a whole 17-player oracle run`);
    items.push(j);
  } else {
    if (!Array.isArray(j.tournaments)) throw new Error(`${f}: no tournaments array`);
    items.push(...j.tournaments);
    parameters.add(JSON.stringify(j.parameters ?? null));
  }
}
// The batches' --repetition/--rules/--stdlib ("parameters", which --from checks) are kept when they all say the same.
if (parameters.size > 1) throw new Error(`the batches were made with different parameters: ${[...parameters].join(' ')}`);
const [same] = parameters;
writeFileSync(out, JSON.stringify(kind === 'clock' ? { runs: items } : { ...(same && same !== 'null' ? { parameters: JSON.parse(same) } : {}), tournaments: items }) + '\n');
console.log(`${out}: ${items.length} ${kind === 'clock' ? 'runs' : 'tournaments'} from ${files.length} file(s)`);
