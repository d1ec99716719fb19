/**
 * The order `npm test` starts the test files in: the longest first, whatever their lane. vitest's
 * own order runs the lanes one after another (by name), so the longest files of the last lane
 * (services: minutes each) started at the end and the run waited for them on one core; started
 * first, they run beside the short ones. Files not run before (a fresh checkout, as on CI) come
 * first, the lanes whose files are long first (services, sandbox, originals, cli, heavy, fast);
 * then failed ones; then by their last duration (vitest's results cache).
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const last = (s: TestSpecification) => this.ctx.cache.getFileTestResults(`${s.project.name}:${relative(this.ctx.config.root, s.moduleId)}`);
    const LONG_FIRST = ['services', 'sandbox', 'originals', 'cli', 'heavy', 'fast'];
    const rank = (s: TestSpecification) => { const i = LONG_FIRST.indexOf(s.project.name); return i < 0 ? LONG_FIRST.length : i; };
    // Array.prototype.sort is stable: within a lane, vitest's order.
    const unknown = ordered.filter((s) => !last(s)).sort((a, b) => rank(a) - rank(b));
    const known = ordered.filter((s) => last(s));
    const key = (s: TestSpecification) => last(s)!;
    known.sort((a, b) => Number(key(b).failed) - Number(key(a).failed) || key(b).duration - key(a).duration);
    return [...unknown, ...known];
  }
}
