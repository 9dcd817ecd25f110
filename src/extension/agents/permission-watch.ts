import { promises as fs } from 'fs';
import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { RunState, recordRunState } from '../../core/agents/run-state';
import { TeamFs } from '../../core/fs/team-fs';
import { claudeAnswerAfter } from '../../core/transcripts/claude-answer';
import { completeLines } from '../../core/transcripts/transcript';
import { AgentRunner } from './agent-runner';

/**
 * Claude Code fires no hook when a permission is denied (No, Esc), and the hooks no
 * longer run per tool call: while a Claude Code session needs input, its session log
 * is looked at every second, and what it says became of the question is recorded as
 * the session's state (core/transcripts/claude-answer.ts): back at its prompt after a
 * denial, working after an answer. Through the same file as the hooks (the dashboard
 * writes `.cortex/run/` too, as the folder is the dashboard's), so every window, the
 * row and the heartbeat driver see it within seconds.
 */
const POLL_MS = 1000;
/** Only the end of a long log is read: the answer comes right after the question. */
const TAIL_BYTES = 256 * 1024;
const WATCH_FOR_MS = 24 * 60 * 60_000;

export class PermissionWatch extends DisposableBase {
  private timer: ReturnType<typeof setInterval> | undefined;
  private busy = false;
  /** Transcript → its size when last read (read again only when it grew). */
  private readonly sizes = new Map<string, number>();

  constructor(
    private readonly runner: AgentRunner,
    private readonly teamFs: () => TeamFs | undefined,
    private readonly log: vscode.LogOutputChannel,
    private readonly pollMs = POLL_MS,
  ) {
    super();
    this.register(runner.onDidChange(() => this.update()));
    this.register({ dispose: () => this.timer && clearInterval(this.timer) });
    this.update();
  }

  /** The Claude Code sessions waiting for an answer, with the log to read (asked within the last day: an older question's CLI is gone). */
  private waiting(): RunState[] {
    const since = Date.now() - WATCH_FOR_MS;
    return this.runner.states.slugs.flatMap((slug) => this.runner.states.sessionsOf(slug).filter((s) => s.state === 'needs-input' && s.source === 'claude-code' && !!s.transcript && Date.parse(s.at) >= since));
  }

  private update(): void {
    const any = this.waiting().length > 0;
    if (any && !this.timer) this.timer = setInterval(() => void this.poll(), this.pollMs);
    else if (!any && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
      this.sizes.clear();
    }
  }

  /** Looks at every waiting session's log once (tests call it instead of waiting for the timer). */
  async poll(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      for (const s of this.waiting()) await this.look(s);
    } catch (e) {
      this.log.warn(`Reading a session log for its answer failed: ${String(e)}`);
    } finally {
      this.busy = false;
    }
  }

  private async look(s: RunState): Promise<void> {
    const file = s.transcript!;
    const size = await fs.stat(file).then(
      (st) => st.size,
      () => undefined,
    );
    if (size === undefined || this.sizes.get(file) === size) return;
    this.sizes.set(file, size);
    const start = Math.max(0, size - TAIL_BYTES);
    const handle = await fs.open(file, 'r');
    let text: string;
    try {
      const buffer = Buffer.alloc(size - start);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
      text = buffer.subarray(0, bytesRead).toString('utf8');
    } finally {
      await handle.close();
    }
    const answer = claudeAnswerAfter(completeLines(text).lines, Date.parse(s.at));
    const teamFs = this.teamFs();
    if (!answer || !teamFs) return;
    const report = { state: answer.state, event: 'transcript', source: s.source, message: answer.message, session: s.session, transcript: s.transcript, run: s.run, at: new Date(answer.at).toISOString() };
    await recordRunState(teamFs, s.agent, report, new Date());
    this.log.info(`${s.agent}: its session log says the question was ${answer.state === 'working' ? 'answered' : 'declined'}; recorded as ${answer.state}.`);
  }
}
