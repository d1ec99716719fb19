import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { programFiles } from './program-files.ts';

describe('programFiles: the files a --bot-cmd program is read from (its checkpoint key)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'koth-program-files-'));
  const bot = join(dir, 'bot.sh');
  const script = join(dir, 'bot.py');
  writeFileSync(bot, '#!/bin/sh\n');
  writeFileSync(script, 'print(1)\n');
  mkdirSync(join(dir, 'folder'));

  it('the program by its path, and the arguments that are files; Name= dropped; a bare interpreter, folders and other words left out', () => {
    expect(programFiles([`Mine=${bot}`, `Py=python3 -u ${script} --fast ${join(dir, 'folder')} ${bot}`])).toEqual([bot, script]);
    expect(programFiles(`python3 ${script}`)).toEqual([script]);
    expect(programFiles(undefined)).toEqual([]);
    expect(programFiles([`Gone=${join(dir, 'missing.sh')}`])).toEqual([]);
  });
});
