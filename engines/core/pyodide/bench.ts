/**
 * Bench helpers for Python bots in the Pyodide sandbox: a timed run (wall and CPU of this
 * process, all threads: the sandbox worker included) and the median of repeated runs.
 */
export interface Timed {
  seconds: number;
  cpuSeconds: number;
}

export function timed(f: () => void): Timed {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  f();
  const u = process.cpuUsage(c0);
  return { seconds: (performance.now() - t0) / 1000, cpuSeconds: (u.user + u.system) / 1e6 };
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
