import { lineDiff } from '../../base/line-diff';
import type { PermissionOption, ProposedDiff } from '../../extension/sessions/session-model';
import type { AnswerOption, DiffView } from './common/permission';

/** A proposed file change as the lines a page shows (see base/line-diff). Pure. */
export function diffView(d: ProposedDiff): DiffView {
  return {
    path: d.path,
    newFile: d.oldText === null,
    lines: lineDiff(d.oldText, d.newText).map((l) => (l.op === 'gap' ? { op: 'gap', text: `${l.count} unchanged ${l.count === 1 ? 'line' : 'lines'}` } : l)),
  };
}

/** The agent's options in the order a person reads them: allow once, always, reject. */
export function answerOptions(options: readonly PermissionOption[]): AnswerOption[] {
  const rank = { allow_once: 0, allow_always: 1, reject_once: 2, reject_always: 3 } as const;
  return options.map((o) => ({ optionId: o.optionId, name: o.name, kind: o.kind })).sort((a, b) => rank[a.kind] - rank[b.kind]);
}
