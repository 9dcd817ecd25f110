import type * as Readline from 'readline';
import type { Context } from './command';

/** Lines from stdin, awaited one at a time; `undefined` once it has ended. */
export class PromptLines {
  private readonly waiting: string[] = [];
  private wake: (() => void) | undefined;
  private ended = false;
  private readonly rl: Readline.Interface | undefined;

  constructor(ctx: Context) {
    const stdin = ctx.io.stdin;
    if (!stdin) {
      this.ended = true;
      return;
    }
    // Loaded here, not at the top: every other verb starts without Node's readline (a few ms of each `cortex-team status`).
    const readline = require('readline') as typeof Readline;
    const rl = (this.rl = readline.createInterface({ input: stdin, terminal: false, crlfDelay: Infinity }));
    rl.on('line', (line) => {
      this.waiting.push(line);
      this.wake?.();
    });
    rl.on('close', () => {
      this.ended = true;
      this.wake?.();
    });
  }

  /** Stops reading: a terminal's stdin would otherwise keep the process alive after the session. */
  close(): void {
    this.rl?.close();
  }

  async next(): Promise<string | undefined> {
    for (;;) {
      const line = this.waiting.shift();
      if (line !== undefined) return line;
      if (this.ended) return undefined;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }
}
