import { parseYaml } from '../text/frontmatter';
import { CortexConfig, DEFAULT_CONFIG, Diagnostic } from '../team/model';
import { bomLength, splitLines } from '../text/text';

/**
 * Reads `~/.cortex/config.yaml`, the file the Cortex Claude Code plugin writes:
 * `team_dir`, `heartbeat_minutes`, `daily_briefing`, `daily_review`. A bad value falls
 * back to its default with a diagnostic; keys the dashboard does not use (e.g.
 * `telegram_chat_id`, `chief_of_staff_project`) are ignored without a word.
 */
export interface ParsedConfig {
  readonly config: CortexConfig;
  readonly diagnostics: readonly Diagnostic[];
}

const CLOCK = /^([01]?\d|2[0-3]):([0-5]\d)$/;

export function parseConfig(text: string, file: string): ParsedConfig {
  const diagnostics: Diagnostic[] = [];
  const report = (line: number, severity: Diagnostic['severity'], message: string) =>
    diagnostics.push({ file, line, severity, message });

  const body = text.slice(bomLength(text));
  const parsed = parseYaml(body);
  if (parsed.error) {
    // An error found at the end of the text is reported on its last line.
    const last = Math.max(1, splitLines(body).length);
    report(Math.min(parsed.error.line, last), 'error', `${parsed.error.message}; using the default settings.`);
    return { config: DEFAULT_CONFIG, diagnostics };
  }
  const value = parsed.value;
  if (value === null || value === undefined) return { config: DEFAULT_CONFIG, diagnostics };
  if (typeof value !== 'object' || Array.isArray(value)) {
    report(1, 'error', 'The config is not a list of "key: value" lines; using the default settings.');
    return { config: DEFAULT_CONFIG, diagnostics };
  }
  const data = value as Record<string, unknown>;
  const lineOf = keyLines(body);
  const at = (key: string) => lineOf.get(key) ?? 1;

  let teamDir = DEFAULT_CONFIG.teamDir;
  if (data.team_dir !== undefined && data.team_dir !== null) {
    if (typeof data.team_dir === 'string') {
      teamDir = data.team_dir.trim() === '' ? null : data.team_dir.trim();
    } else {
      report(at('team_dir'), 'warning', 'team_dir should be a folder path; ignoring it.');
    }
  }

  let heartbeatMinutes = DEFAULT_CONFIG.heartbeatMinutes;
  const hb = data.heartbeat_minutes;
  if (hb !== undefined && hb !== null) {
    const n = typeof hb === 'number' ? hb : typeof hb === 'string' && hb.trim() !== '' ? Number(hb) : NaN;
    if (Number.isFinite(n) && n > 0) heartbeatMinutes = n;
    else {
      report(at('heartbeat_minutes'), 'warning', `heartbeat_minutes should be a positive number of minutes, not "${String(hb)}"; using ${DEFAULT_CONFIG.heartbeatMinutes}.`);
    }
  }

  const clock = (key: 'daily_briefing' | 'daily_review', fallback: string): string => {
    const v = data[key];
    if (v === undefined || v === null) return fallback;
    const m = typeof v === 'string' ? CLOCK.exec(v.trim()) : null;
    if (m) return `${m[1].padStart(2, '0')}:${m[2]}`;
    report(at(key), 'warning', `${key} should be a time of day HH:MM, not "${String(v)}"; using ${fallback}.`);
    return fallback;
  };

  return {
    config: {
      teamDir,
      heartbeatMinutes,
      dailyBriefing: clock('daily_briefing', DEFAULT_CONFIG.dailyBriefing),
      dailyReview: clock('daily_review', DEFAULT_CONFIG.dailyReview),
    },
    diagnostics,
  };
}

/** 1-based line of each top-level `key:` in a YAML text (the first occurrence wins). */
function keyLines(text: string): Map<string, number> {
  const out = new Map<string, number>();
  const lines = splitLines(text);
  for (let i = 0; i < lines.length; i++) {
    const m = /^["']?([A-Za-z_][\w-]*)["']?\s*:/.exec(text.slice(lines[i].start, lines[i].end));
    if (m && !out.has(m[1])) out.set(m[1], i + 1);
  }
  return out;
}

/**
 * Expands a leading `~` (alone, or followed by `/` or `\`) to `home`; any other path
 * is returned unchanged. `~user` forms are left alone.
 */
export function expandHome(path: string, home: string): string {
  if (path === '~') return home;
  if (path.startsWith('~/') || path.startsWith('~\\')) {
    const rest = path.slice(2);
    if (rest === '') return home;
    const sep = home.includes('\\') && !home.includes('/') ? '\\' : '/';
    return home.endsWith('/') || home.endsWith('\\') ? home + rest : home + sep + rest;
  }
  return path;
}
