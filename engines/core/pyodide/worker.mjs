// The Pyodide sandbox worker (plain JavaScript: started as a file by sandbox.ts, copied to
// dist/ by build.mjs). It loads Pyodide once from node_modules (offline), then takes away what
// untrusted Python could reach of the host, and answers the host's calls one at a time:
// each reply goes over a MessagePort and is signalled through a SharedArrayBuffer, so the host
// waits synchronously (Atomics.wait) with a time limit and ends this worker when it is exceeded.
import { workerData, parentPort } from 'node:worker_threads';
import { createRequire, syncBuiltinESMExports } from 'node:module';

const { indexURL, signal, port, bootstrap } = workerData;
const flag = new Int32Array(signal);
const require = createRequire(import.meta.url);

const box = new Uint8Array(signal, 8);
const encoder = new TextEncoder();
/** Replies in the shared buffer (flag 1) or, when too big for it, over the port (flag 2). */
function reply(message) {
  const text = JSON.stringify(message);
  const { read, written } = encoder.encodeInto(text, box);
  if (read === text.length) {
    flag[1] = written;
    Atomics.store(flag, 0, 1);
  } else {
    port.postMessage(message);
    Atomics.store(flag, 0, 2);
  }
  Atomics.notify(flag, 0);
}

const blocked = (what) =>
  function () {
    throw new Error(`${what} is not available in the koth Python sandbox`);
  };

/** Replaces every function of a builtin module by one that throws (CommonJS and ESM views). */
function neuter(name) {
  const m = require(name);
  for (const k of Object.keys(m)) {
    if (typeof m[k] === 'function') {
      try {
        m[k] = blocked(`${name}.${k}`);
      } catch {
        /* read-only export: leave it */
      }
    }
  }
}

// Networking and processes go before Pyodide loads (it never needs them offline).
for (const m of ['node:child_process', 'node:net', 'node:tls', 'node:dgram', 'node:http', 'node:https', 'node:http2', 'node:dns', 'node:inspector', 'node:cluster']) neuter(m);
for (const g of ['fetch', 'WebSocket', 'XMLHttpRequest', 'EventSource', 'Request']) delete globalThis[g];
syncBuiltinESMExports();

const stdout = [];
let pyodide;
try {
  const { loadPyodide } = await import('pyodide');
  pyodide = await loadPyodide({
    indexURL,
    // The `js` module is this object: nothing of the host.
    jsglobals: Object.create(null),
    env: { HOME: '/home/pyodide' },
    stdout: (s) => stdout.length < 1000 && stdout.push(s),
    stderr: (s) => stdout.length < 1000 && stdout.push(s),
    checkAPIVersion: true,
  });
  pyodide.runPython(bootstrap);
} catch (e) {
  reply({ ok: false, fatal: true, error: `Pyodide did not load from ${indexURL}: ${e && e.message ? e.message : e}` });
  throw e;
}

// Now the file system (Pyodide has read what it needs), module loading and the process.
for (const m of ['node:fs', 'node:fs/promises', 'node:vm', 'node:worker_threads', 'node:os']) neuter(m);
syncBuiltinESMExports();
// Last, module loading itself (neuter needs require until here).
neuter('node:module');
syncBuiltinESMExports();
for (const k of ['getBuiltinModule', 'binding', '_linkedBinding', 'dlopen', 'kill', 'chdir', 'setuid', 'setgid', 'abort', 'reallyExit']) {
  try {
    process[k] = blocked(`process.${k}`);
  } catch {
    /* ignore */
  }
}
// No way from a JavaScript object back to the global scope: functions lose their constructor.
for (const proto of [Function.prototype, Object.getPrototypeOf(async function () {}), Object.getPrototypeOf(function* () {}), Object.getPrototypeOf(async function* () {})]) {
  Object.defineProperty(proto, 'constructor', { value: undefined, writable: false, configurable: false });
}
globalThis.eval = blocked('eval');

const call = pyodide.globals.get('_koth_call');
parentPort.on('message', (req) => {
  let out;
  try {
    out = { ok: true, value: call(req.fn, req.args) };
  } catch (e) {
    out = { ok: false, error: String(e && e.message ? e.message : e) };
  }
  if (stdout.length) out.stdout = stdout.splice(0);
  reply(out);
});
reply({ ok: true, ready: true });
