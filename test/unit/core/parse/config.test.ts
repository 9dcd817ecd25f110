import { deepStrictEqual } from 'assert';
import { DEFAULT_CONFIG } from '../../../../src/core/team/model';
import { expandHome, parseConfig } from '../../../../src/core/parse/config';

const F = '~/.cortex/config.yaml';
const lines = (r: ReturnType<typeof parseConfig>) => r.diagnostics.map((d) => [d.line, d.severity]);

describe('read: config.yaml', () => {
  it('reads what the Claude Code plugin writes, ignoring the keys the dashboard does not use', () => {
    const r = parseConfig(
      'team_dir: ~/cortex-team\nheartbeat_minutes: 10\ndaily_briefing: "08:30"\ndaily_review: 17:45\ntelegram_chat_id: 123456789\nchief_of_staff_project: ~/Projects/cos\n',
      F,
    );
    deepStrictEqual(r, { config: { teamDir: '~/cortex-team', heartbeatMinutes: 10, dailyBriefing: '08:30', dailyReview: '17:45' }, diagnostics: [] });
  });

  it('defaults for an empty file, a comment-only file, and missing keys', () => {
    deepStrictEqual(parseConfig('', F), { config: DEFAULT_CONFIG, diagnostics: [] });
    deepStrictEqual(parseConfig('# nothing yet\n', F), { config: DEFAULT_CONFIG, diagnostics: [] });
    deepStrictEqual(parseConfig('team_dir: /srv/team\n', F).config, { ...DEFAULT_CONFIG, teamDir: '/srv/team' });
  });

  it('keeps team_dir as written, trimmed; empty means unset', () => {
    deepStrictEqual(parseConfig("team_dir: '~/My Team'\n", F).config.teamDir, '~/My Team');
    deepStrictEqual(parseConfig('team_dir: ""\n', F).config.teamDir, null);
    const r = parseConfig('team_dir: [a, b]\n', F);
    deepStrictEqual([r.config.teamDir, lines(r)], [null, [[1, 'warning']]]);
  });

  it('heartbeat_minutes: a positive number, else the default with a diagnostic at its line', () => {
    deepStrictEqual(parseConfig('heartbeat_minutes: 2.5\n', F).config.heartbeatMinutes, 2.5);
    deepStrictEqual(parseConfig('heartbeat_minutes: "20"\n', F).config.heartbeatMinutes, 20);
    for (const bad of ['0', '-5', 'often', '[15]', '.nan', '""']) {
      const r = parseConfig(`team_dir: ~/t\nheartbeat_minutes: ${bad}\n`, F);
      deepStrictEqual([r.config.heartbeatMinutes, lines(r)], [15, [[2, 'warning']]], bad);
    }
  });

  it('daily_briefing and daily_review: HH:MM, else the default with a diagnostic', () => {
    deepStrictEqual(parseConfig('daily_briefing: 9:05\n', F).config.dailyBriefing, '09:05');
    const r = parseConfig('daily_briefing: "25:00"\n\ndaily_review: evening\n', F);
    deepStrictEqual(
      [r.config.dailyBriefing, r.config.dailyReview, lines(r)],
      [
        '09:00',
        '18:00',
        [
          [1, 'warning'],
          [3, 'warning'],
        ],
      ],
    );
  });

  it('invalid YAML: the defaults and an error at its line', () => {
    const r = parseConfig('team_dir: ~/t\nheartbeat_minutes: [15\n', F);
    deepStrictEqual(r.config, DEFAULT_CONFIG);
    deepStrictEqual(r.diagnostics.map((d) => [d.file, d.line, d.severity]), [[F, 2, 'error']]);
    deepStrictEqual(parseConfig('team_dir: ~/t\nheartbeat_minutes: 15\n  oops: 1\n', F).diagnostics.map((d) => [d.line, d.severity]), [[2, 'error']]);
    deepStrictEqual(parseConfig('- a\n- b\n', F).diagnostics.map((d) => [d.line, d.severity]), [[1, 'error']]);
  });

  it('reads through a BOM and CRLF', () => {
    deepStrictEqual(parseConfig('\ufeffteam_dir: ~/t\r\nheartbeat_minutes: 5\r\n', F).config, { ...DEFAULT_CONFIG, teamDir: '~/t', heartbeatMinutes: 5 });
  });

  it('expandHome expands a leading ~ only', () => {
    deepStrictEqual(expandHome('~', '/home/ada'), '/home/ada');
    deepStrictEqual(expandHome('~/cortex-team', '/home/ada'), '/home/ada/cortex-team');
    deepStrictEqual(expandHome('~/cortex-team', '/home/ada/'), '/home/ada/cortex-team');
    deepStrictEqual(expandHome('~\\team', 'C:\\Users\\ada'), 'C:\\Users\\ada\\team');
    deepStrictEqual(expandHome('~bob/team', '/home/ada'), '~bob/team');
    deepStrictEqual(expandHome('/srv/~/team', '/home/ada'), '/srv/~/team');
    deepStrictEqual(expandHome('relative/dir', '/home/ada'), 'relative/dir');
  });
});
