import cliProgress from 'cli-progress';

/**
 * A progress bar on stderr that appears only for runs longer than a second, and only on a
 * terminal (CI logs and pipes get no control characters). `tick(n)` adds n done units.
 */
export class Progress {
  private done = 0;
  private bar: cliProgress.SingleBar | undefined;
  private readonly started = performance.now();
  private readonly enabled: boolean;

  constructor(
    private readonly total: number,
    private readonly label: string,
    enabled = process.stderr.isTTY === true && !process.env.CI,
  ) {
    this.enabled = enabled;
  }

  tick(n = 1): void {
    this.done += n;
    if (!this.enabled) return;
    if (!this.bar) {
      if (performance.now() - this.started < 1000) return;
      this.bar = new cliProgress.SingleBar(
        {
          format: `${this.label} [{bar}] {percentage}% | {value}/{total} | {eta_formatted} left`,
          stream: process.stderr,
          hideCursor: true,
          clearOnComplete: true,
          etaBuffer: 50,
        },
        cliProgress.Presets.shades_classic,
      );
      this.bar.start(this.total, this.done);
      return;
    }
    this.bar.update(this.done);
  }

  stop(): void {
    this.bar?.stop();
    this.bar = undefined;
  }
}
