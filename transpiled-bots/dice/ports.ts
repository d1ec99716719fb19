/**
 * Loads every dice port in this folder (one file per bot, named as the Python class, default
 * export = the class) — used by the registry and by the trace tests while ports are being
 * added. The registry order is the snapshot's class order (fixtures/dice/bots.json).
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DiceBotClass } from '../../engines/dice/bot.ts';
import type { Provenance } from '../provenance.ts';

export interface DicePortModule {
  default: DiceBotClass;
  provenance: Provenance;
}

const NOT_PORTS = new Set(['index', 'ports', 'registry']);

export function portFileNames(): string[] {
  const dir = fileURLToPath(new URL('.', import.meta.url));
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .map((f) => f.slice(0, -3))
    .filter((n) => !NOT_PORTS.has(n) && /^[A-Z]/.test(n));
}

export async function loadPortsDynamically(): Promise<Map<string, DicePortModule>> {
  const out = new Map<string, DicePortModule>();
  for (const name of portFileNames()) {
    const mod = (await import(`./${name}.ts`)) as DicePortModule;
    out.set(mod.default.botName, mod);
  }
  return out;
}
