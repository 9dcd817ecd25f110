import { readTextFile } from '../core/edit';
import { HOOK_SOURCES } from '../core/agents/launch-command';
import { interpretHook, recordRunState } from '../core/agents/run-state';
import { TICK_PREFIX } from '../core/protocol-file/protocol';
import { parseTaskFile } from '../core/parse/tasks';
import { agentTasksPath } from '../core/team-paths';
import { OptionSpec } from './args';
import type { Command, Context } from './command';
import { SharedSpecs } from './agent-commands';
import { runSimulation } from './simulate';

/**
 * The verbs of a running agent: `hook`, which every agent CLI's hooks call to report
 * its turn state, and `simulate`, the stand-in agent.
 */

/** How long `hook` waits for its payload on stdin before giving up on it. */
const STDIN_WAIT_MS = 5000;
const STDIN_LIMIT = 1 << 20;

/** Reads stdin to its end (at most 1 MB; nothing when it is a terminal or does not end in time). */
function readStdin(ctx: Context): Promise<string> {
  const stdin = ctx.io.stdin;
  if (!stdin || stdin.isTTY) return Promise.resolve('');
  return new Promise((resolve) => {
    let text = '';
    const done = () => {
      clearTimeout(timer);
      stdin.removeListener('data', onData);
      stdin.removeListener('end', done);
      stdin.removeListener('error', done);
      stdin.pause();
      resolve(text);
    };
    const onData = (chunk: Buffer | string) => {
      text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      if (text.length > STDIN_LIMIT) done();
    };
    const timer = setTimeout(done, STDIN_WAIT_MS);
    stdin.on('data', onData);
    stdin.once('end', done);
    stdin.once('error', done);
    stdin.resume();
  });
}

/** A `Cortex tick:` prompt that the idle check will drop (no ready or in-progress task): no turn follows it. */
async function isDroppedTick(ctx: Context, agent: string, payload: unknown): Promise<boolean> {
  const p = payload as { prompt?: unknown };
  if (typeof p?.prompt !== 'string' || !p.prompt.trimStart().startsWith(TICK_PREFIX)) return false;
  const text = await readTextFile(ctx.fs, agentTasksPath(agent));
  if (text === undefined) return false;
  return !parseTaskFile(text, agentTasksPath(agent)).tasks.some((t) => t.status === 'ready' || t.status === 'in-progress');
}

export function runCommands(s: SharedSpecs): Record<string, Command> {
  const source: OptionSpec = { kind: 'string', value: 'CLI', help: `which CLI calls: ${HOOK_SOURCES.join(', ')} (default: claude-code)` };
  return {
    hook: {
      synopsis: 'hook --agent SLUG [--source CLI] [--team DIR] [PAYLOAD]',
      summary:
        "Record an agent's turn state (working, needs input, turn finished, ended) from its CLI's hook payload, in .cortex/run/<slug>.json for the dashboard. The payload is the JSON the CLI passes on stdin, or as the last argument (Codex's notify). Never blocks the agent: any failure exits 1.",
      options: { agent: s.agent, source, team: s.team },
      positionals: 1,
      failExit: 1,
      async run(opts, ctx) {
        const agent = await s.agentSlug(ctx, opts.strings.get('agent')!, '--agent');
        const from = opts.strings.get('source') ?? 'claude-code';
        const raw = opts.positionals[0] ?? (await readStdin(ctx));
        let payload: unknown = {};
        if (raw.trim() !== '') {
          try {
            payload = JSON.parse(raw);
          } catch {
            ctx.io.stderr(`cortex-team hook: the payload is not JSON; nothing recorded.\n`);
            return 1;
          }
        }
        const report = interpretHook(from, payload);
        // Nothing to record, or a tick the idle check drops before any turn starts.
        if (!report || (report.state === 'working' && (await isDroppedTick(ctx, agent, payload)))) return 0;
        await recordRunState(ctx.fs, agent, report, ctx.io.clock ? ctx.io.clock() : new Date(), ctx.edit);
        return 0;
      },
    },

    simulate: {
      synopsis: 'simulate --agent SLUG [--prompt TEXT] [--speed N] [--exit-when-idle] [--transcripts DIR] [--model NAME] [--team DIR]',
      summary:
        'The stand-in agent: works like a real worker through the agent verbs. On each prompt (the first one, a "Cortex tick:", anything typed) it claims the first ready task, ticks, works a few seconds, completes it with a Summary and a worklog entry, and goes on while tasks are ready; it reports its turn state as the hooks of a real CLI do and writes its session log in Claude Code\'s format, with token usage. A task with "[ask]" in its title or description makes it stop and ask first. "/exit" or end of input ends it.',
      options: {
        agent: s.agent,
        prompt: { kind: 'string', value: 'TEXT', help: 'the first prompt (else it waits for one on stdin)' },
        speed: { kind: 'string', value: 'N', help: 'how fast it works: 1 (the default) is about 3 seconds a task, 10 is ten times faster' },
        'exit-when-idle': { kind: 'flag', help: 'exit (code 0) after a turn that leaves no ready or in-progress task' },
        transcripts: { kind: 'string', value: 'DIR', help: 'where its session logs go (default: $CORTEX_HOME/simulate/projects, else ~/.cortex/simulate/projects)' },
        model: { kind: 'string', value: 'NAME', help: 'the model its session log names, for the price table (default: claude-sonnet-4-5)' },
        team: s.team,
      },
      async run(opts, ctx) {
        const agent = await s.agentSlug(ctx, opts.strings.get('agent')!, '--agent');
        return runSimulation(ctx, {
          agent,
          prompt: opts.strings.get('prompt'),
          speed: opts.strings.get('speed'),
          exitWhenIdle: opts.flags.has('exit-when-idle'),
          transcripts: opts.strings.get('transcripts'),
          model: opts.strings.get('model'),
        });
      },
    },
  };
}
