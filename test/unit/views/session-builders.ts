// Builders for the contract's objects (src/extension/sessions/session-model.ts): the
// views' tests describe only what differs from a plausible request or session.
import type { AgentSessionSnapshot, PermissionRequestItem, TerminalNeedsInputItem } from '../../../src/extension/sessions/session-model';

export const T0 = Date.UTC(2026, 10, 28, 9, 0);

export function permissionItem(more: Partial<PermissionRequestItem> = {}): PermissionRequestItem {
  return {
    kind: 'permission',
    id: 'req-1',
    agentSlug: 'payments-reconciliation-lead',
    sessionId: 'sess-1',
    toolCallId: 'call-1',
    tool: 'mcp__cortex__claim_task',
    toolKind: 'other',
    argumentsText: 'agent: payments-reconciliation-lead\ntask: Reconcile the November refunds ledger',
    diffs: [],
    options: [
      { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
      { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
      { optionId: 'always', name: 'Always Allow mcp__cortex__claim_task', kind: 'allow_always' },
    ],
    receivedAt: T0,
    ...more,
  };
}

export function terminalItem(more: Partial<TerminalNeedsInputItem> = {}): TerminalNeedsInputItem {
  return { kind: 'terminal', id: 'terminal:docs:2026-11-28T09:01:00.000Z', agentSlug: 'docs', tool: 'Bash', message: 'Claude needs your permission to use Bash', since: T0 + 60_000, ...more };
}

export function sessionSnapshot(more: Partial<AgentSessionSnapshot> = {}): AgentSessionSnapshot {
  return { agentSlug: 'payments-reconciliation-lead', sessionId: 'sess-1', state: 'idle', entries: [], pending: [], ...more };
}
