/**
 * One progress line on stderr. On a terminal it is rewritten in place (at most 10 times a second);
 * elsewhere (a log, a pipe) a line is printed at most every 5 seconds, so a cron job's mail stays short.
 */
export class ProgressLine {
  private last = 0;
  private shown = false;
  private readonly tty: boolean;

  constructor(private readonly out: NodeJS.WriteStream = process.stderr) {
    this.tty = Boolean(out.isTTY);
  }

  update(text: string): void {
    const now = Date.now();
    if (now - this.last < (this.tty ? 100 : 5000)) return;
    this.last = now;
    if (this.tty) {
      this.out.write(`\r${text}\x1b[K`);
      this.shown = true;
    } else this.out.write(`${text}\n`);
  }

  /** A line that stays (a phase done, a warning); the progress line resumes below it. */
  note(text: string): void {
    if (this.tty && this.shown) this.out.write(`\r${text}\x1b[K\n`);
    else this.out.write(`${text}\n`);
    this.shown = false;
    this.last = 0;
  }

  /** Clears the progress line (before the final report, or an error). */
  clear(): void {
    if (this.tty && this.shown) this.out.write('\r\x1b[K');
    this.shown = false;
  }
}

/** What backup and restore report as they go; the CLI draws it, tests leave it out. */
export interface Progress {
  update(text: string): void;
  note(text: string): void;
}

export const silent: Progress = { update() {}, note() {} };

export const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
export const n = (value: number) => value.toLocaleString('en-US');
