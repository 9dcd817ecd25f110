import { HOOK_SOURCES } from '../core/agents/launch-command';
import { HOOK_SUMMARY, HOOK_SYNOPSIS, runHook } from './hook';
import { OptionSpec } from './args';
import type { Command } from './command';
import { SharedSpecs } from './agent-verbs';
import { runSimulation } from './simulate';

/**
 * The verbs of a running agent: `hook`, which every agent CLI's hooks call to report
 * its turn state, and `simulate`, the stand-in agent.
 */

export function runCommands(s: SharedSpecs): Record<string, Command> {
  const source: OptionSpec = { kind: 'string', value: 'CLI', help: `which CLI calls: ${HOOK_SOURCES.join(', ')} (default: claude-code)` };
  return {
    hook: {
      synopsis: HOOK_SYNOPSIS,
      summary: HOOK_SUMMARY,
      options: { agent: s.agent, source, run: { kind: 'string', value: 'ID', help: "the dashboard's terminal the session runs in (else $CORTEX_RUN_ID)" }, team: s.team },
      positionals: 1,
      failExit: 1,
      // The bin hands `hook` to hook.ts before this table loads; this runs it in-process (tests, `help hook`).
      run(opts, ctx) {
        const run = opts.strings.get('run');
        const args = ['--agent', opts.strings.get('agent')!, '--source', opts.strings.get('source') ?? 'claude-code', ...(run === undefined ? [] : ['--run', run]), '--team', ctx.teamDir, ...opts.positionals];
        return runHook(args, ctx.io);
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
