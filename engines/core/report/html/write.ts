import { join, resolve } from 'node:path';
import { writeFileAtomic } from '../../io/atomic.ts';
import { renderReportPage } from './page.ts';
import type { ReportPage } from './types.ts';

/** Writes DIR/index.html (atomically) and returns its absolute path. */
export async function writeReportPage(dir: string, page: ReportPage): Promise<string> {
  const html = await renderReportPage(page);
  const path = resolve(join(dir, 'index.html'));
  writeFileAtomic(path, html);
  return path;
}
