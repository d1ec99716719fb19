// The C++ compiler's thread (clang.ts beside it starts it; bundled as
// dist/clang-worker.js): @yowasp/clang (Clang/LLD compiled to WebAssembly) run on the files it is
// handed, in its own virtual file system — nothing of the real one is visible to the compiler.
// Plain JavaScript, so it runs the same from sources and from the bundle.
import { parentPort } from 'node:worker_threads';

const port = parentPort;
let clang;
/** Loads the compiler and runs it once (`--version`), so its WebAssembly is compiled before any answer's compile is timed. */
async function load() {
  const c = await import('@yowasp/clang');
  try {
    await c.runClang(['clang++', '--version'], {}, { stdout: () => {}, stderr: () => {}, fetchProgress: () => {} });
  } catch {
    /* the answer's compile reports any real failure */
  }
  return c;
}
port.on('message', async (job) => {
  try {
    clang ??= await load();
    // The compile's time and memory bounds count from here (clang.ts): loading the compiler is not the answer's.
    port.postMessage({ id: job.id, started: true });
    let stderr = '';
    const keep = (b) => {
      if (b && stderr.length < 20000) stderr += Buffer.from(b).toString('utf8');
    };
    let out;
    try {
      out = await clang.runClang(job.args, job.files, { stdout: keep, stderr: keep, fetchProgress: () => {} });
    } catch (e) {
      port.postMessage({ id: job.id, ok: false, message: stderr || String(e?.message ?? e) });
      return;
    }
    const bytes = out?.[job.output];
    if (!(bytes instanceof Uint8Array)) port.postMessage({ id: job.id, ok: false, message: stderr || `the compiler wrote no ${job.output}` });
    else port.postMessage({ id: job.id, ok: true, bytes, stderr });
  } catch (e) {
    port.postMessage({ id: job.id, ok: false, message: `the compiler did not load: ${e?.message ?? e}` });
  }
});
