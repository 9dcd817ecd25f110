import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { Diagnostic, Severity } from '../../core/team/model';
import { LiveTeam } from '../team/live-team';
import { TeamSession } from '../team/team-session';

/**
 * The core's findings in the Problems panel: one entry per diagnostic, on its file
 * and line, source "Cortex". Files whose findings did not change are left alone, so
 * the panel does not flicker on every update.
 */
export class DiagnosticsPublisher extends DisposableBase {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection('cortex'));
  /** What is published, by Uri string, as the core's objects (to skip unchanged files). */
  private published = new Map<string, readonly Diagnostic[]>();

  /** Follows the team (its files' findings) and the last locate (config.yaml's). */
  constructor(team: LiveTeam, session: TeamSession) {
    super();
    this.register(
      team.onDidChange((e) => {
        if (e.reason !== 'location' && e.reason !== 'team') return;
        const config = session.located?.config;
        this.publish(e.snapshot.location?.uri, e.snapshot.team?.diagnostics, config && config.diagnostics.length > 0 ? [{ uri: config.uri, diagnostics: config.diagnostics }] : []);
      }),
    );
  }

  /** Publishes `diagnostics` (team-relative files) under `root`; `undefined` clears everything. */
  publish(root: vscode.Uri | undefined, diagnostics: readonly Diagnostic[] | undefined, extra: ReadonlyArray<{ uri: vscode.Uri; diagnostics: readonly Diagnostic[] }> = []): void {
    const next = new Map<string, { uri: vscode.Uri; list: Diagnostic[] }>();
    const add = (uri: vscode.Uri, d: Diagnostic) => {
      const key = uri.toString();
      const entry = next.get(key);
      if (entry) entry.list.push(d);
      else next.set(key, { uri, list: [d] });
    };
    if (root && diagnostics) for (const d of diagnostics) add(vscode.Uri.joinPath(root, ...d.file.split('/')), d);
    for (const e of extra) for (const d of e.diagnostics) add(e.uri, d);

    for (const key of this.published.keys()) {
      if (!next.has(key)) this.collection.delete(vscode.Uri.parse(key));
    }
    const published = new Map<string, readonly Diagnostic[]>();
    for (const [key, { uri, list }] of next) {
      published.set(key, list);
      if (sameList(this.published.get(key), list)) continue;
      this.collection.set(uri, list.map(toVscode));
    }
    this.published = published;
  }

  clear(): void {
    this.collection.clear();
    this.published.clear();
  }
}

export function toVscode(d: Diagnostic): vscode.Diagnostic {
  const line = Math.max(0, d.line - 1);
  // The whole line: VS Code clamps the end to the line's length.
  const out = new vscode.Diagnostic(new vscode.Range(line, 0, line, Number.MAX_SAFE_INTEGER), d.message, SEVERITY[d.severity]);
  out.source = 'Cortex';
  return out;
}

const SEVERITY: Readonly<Record<Severity, vscode.DiagnosticSeverity>> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

function sameList(a: readonly Diagnostic[] | undefined, b: readonly Diagnostic[]): boolean {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x !== y && (x.line !== y.line || x.severity !== y.severity || x.message !== y.message)) return false;
  }
  return true;
}
