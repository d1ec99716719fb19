import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeMismatches, replayTrace, type TraceFile } from '../../engines/dice/trace.ts';
import type { DiceBotClass } from '../../engines/dice/bot.ts';
import { loadPortsDynamically } from './ports.ts';

// Every port against its original's recorded decisions (fixtures/dice/traces/README.md).
const traceDir = new URL('../../fixtures/dice/traces/', import.meta.url);
const botsJson = new URL('../../fixtures/dice/bots.json', import.meta.url);
const traceNames = existsSync(traceDir) ? readdirSync(traceDir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)) : [];

const ports = await loadPortsDynamically();
const classes = new Map<string, DiceBotClass>([...ports].map(([n, m]) => [n, m.default]));
const order: string[] = existsSync(botsJson) ? JSON.parse(readFileSync(botsJson, 'utf8')).map((b: { bot: string }) => b.bot) : [...classes.keys()];
const allClasses = order.filter((n) => classes.has(n)).map((n) => classes.get(n)!);

describe('dice ports agree with their originals decision for decision', () => {
  for (const name of traceNames) {
    const port = classes.get(name);
    it.skipIf(!port)(`${name}${port ? '' : ' (no port yet)'}`, () => {
      const trace: TraceFile = JSON.parse(readFileSync(new URL(`${name}.json`, traceDir), 'utf8'));
      const { turns, mismatches } = replayTrace(trace, port!, classes, allClasses);
      expect(turns).toBeGreaterThan(1000);
      expect(mismatches.length, describeMismatches(name, mismatches)).toBe(0);
    });
  }
});
