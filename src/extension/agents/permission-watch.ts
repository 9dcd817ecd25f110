import { promises as fs } from 'fs';
import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { RunState, recordRunState } from '../../core/agents/run-state';
import { TeamFs } from '../../core/fs/team-fs';
import { claudeAnswerAfter, claudeQuestionAt } from '../../core/transcripts/claude-answer';
import { geminiAnswerAfter } from '../../core/transcripts/gemini-answer';
import { completeLines } from '../../core/transcripts/transcript';
import { AgentRunner } from './agent-runner';

/**
 * Claude Code and Gemini CLI fire no hook when a permission is denied (No, Esc), and the
 * hooks no longer run per tool call: while a Claude Code or Gemini CLI session needs
 * input, its session log is looked at every second, and what it says became of the
 * question is recorded as the session's state (core/transcripts/claude-answer.ts,
 * gemini-answer.ts): back at its prompt after a denial, working after an answer. Through the same file as the hooks (the dashboard
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
  /** Transcript and report time → the log's size when last read (read again only when it grew or a newer report came). */
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

  /** The Claude Code and Gemini CLI sessions waiting for an answer, with the log to read (asked within the last day: an older question's CLI is gone). */
  private waiting(): RunState[] {
    const since = Date.now() - WATCH_FOR_MS;
    return this.runner.states.slugs.flatMap((slug) => this.runner.states.sessionsOf(slug).filter((s) => s.state === 'needs-input' && (s.source === 'claude-code' || s.source === 'gemini') && !!s.transcript && Date.parse(s.at) >= since));
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
    // Read again when the log grew, or when a newer report asks (a late hook after the answer).
    const key = `${file}\n${s.at}`;
    if (size === undefined || this.sizes.get(key) === size) return;
    this.sizes.set(key, size);
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
    const lines = completeLines(text).lines;
    const asked = Date.parse(s.at);
    const answer = s.source === 'gemini' ? geminiAnswerAfter(lines, asked) : claudeAnswerAfter(lines, asked, claudeQuestionAt(lines, asked) ?? asked);
    const teamFs = this.teamFs();
    if (!answer || !teamFs) return;
    // Never older than the question's report (a no said before a late Notification hook), which it replaces.
    const at = new Date(Math.max(answer.at, asked)).toISOString();
    const report = { state: answer.state, event: 'transcript', source: s.source, message: answer.message, session: s.session, transcript: s.transcript, run: s.run, at };
    // Only over the question it read: a hook may have reported since (a short turn after the
    // answer finishes before the log is read again), and a guess never replaces a report.
    const still = (old: RunState | null) => !!old && old.state === 'needs-input' && old.at === s.at;
    const now = await recordRunState(teamFs, s.agent, report, new Date(), still);
    const what = answer.state === 'working' ? 'answered' : 'declined';
    if (now?.event === 'transcript' && now.at === at) this.log.info(`${s.agent}: its session log says the question was ${what}; recorded as ${answer.state}.`);
    else this.log.info(`${s.agent}: its session log says the question was ${what}; a newer report (${now?.state ?? 'none'}) stands.`);
  }
}
