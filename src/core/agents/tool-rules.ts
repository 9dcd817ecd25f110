/**
 * An agent's tool allow and deny lists (protocol document 003, "allow_tools /
 * deny_tools"): in the agent note's frontmatter, `allow_tools:` (the agent may use only
 * these) and `deny_tools:` (never these), each a YAML list or one comma-separated line.
 * The effective set is the runtime's tools, narrowed to the allow list when there is one,
 * minus the deny list. A level-3 agent also has the spawn tools denied (document 003's
 * level enforcement: "L2 → spawns L3" adds `deny_tools=["spawn_agent", "aider_run"]`, so
 * level 3 cannot delegate further; the lineage rule is core/team/lineage.ts). The dashboard
 * reads and shows the rules; the agent's runtime applies them.
 */
export interface ToolRules {
  /** Only these (`null`: no allow list, every tool the runtime gives). */
  readonly allow: readonly string[] | null;
  /** Never these. */
  readonly deny: readonly string[];
}

export const ALLOW_TOOLS_KEY = 'allow_tools';
export const DENY_TOOLS_KEY = 'deny_tools';

/** The rules as the note writes them; `value` absent when the note has neither key. */
export function readToolRules(data: Record<string, unknown> | null | undefined): { value?: ToolRules; problems: Array<{ key: string; message: string }> } {
  const problems: Array<{ key: string; message: string }> = [];
  const list = (key: string): string[] | null => {
    const raw = data?.[key];
    if (raw === undefined || raw === null) return null;
    const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [raw];
    const names: string[] = [];
    for (const item of items) {
      if (typeof item !== 'string') problems.push({ key, message: `"${key}" lists tool names; ${JSON.stringify(item)} is not one and is left out.` });
      else if (item.trim() !== '' && !names.includes(item.trim())) names.push(item.trim());
    }
    return names;
  };
  const allow = list(ALLOW_TOOLS_KEY);
  const deny = list(DENY_TOOLS_KEY);
  if (allow === null && deny === null) return { problems };
  for (const name of deny ?? []) {
    if (allow?.includes(name)) problems.push({ key: DENY_TOOLS_KEY, message: `"${name}" is both allowed and denied; denied wins.` });
  }
  return { value: { allow, deny: deny ?? [] }, problems };
}

/** Does the agent get `tool`? (Allowed when there is no allow list or it names the tool, and not denied.) */
export function toolAllowed(rules: ToolRules | undefined, tool: string): boolean {
  if (!rules) return true;
  if (rules.deny.includes(tool)) return false;
  return rules.allow === null || rules.allow.includes(tool);
}

/** "only Read, Grep · never Bash", for a row or a tooltip; `null` without rules. */
export function toolRulesText(rules: ToolRules | undefined): string | null {
  if (!rules) return null;
  const parts: string[] = [];
  if (rules.allow !== null) parts.push(rules.allow.length ? `only ${rules.allow.join(', ')}` : 'no tools');
  if (rules.deny.length) parts.push(`never ${rules.deny.join(', ')}`);
  return parts.length ? parts.join(' · ') : null;
}

/** Document 003: the tools a level-2 agent's child (level 3) gets denied automatically, so it cannot delegate. */
export const SPAWN_TOOLS: readonly string[] = ['spawn_agent', 'aider_run'];

/** The rules in effect at `level`: at level 3 the spawn tools are denied too, whether or not the note has rules. */
export function effectiveToolRules(rules: ToolRules | undefined, level: number | null): ToolRules | undefined {
  if (level !== 3) return rules;
  const deny = [...(rules?.deny ?? [])];
  for (const tool of SPAWN_TOOLS) if (!deny.includes(tool)) deny.push(tool);
  return { allow: rules?.allow ?? null, deny };
}

/** The spawn tools a level-3 agent's own allow list names (and does not deny): the level denies them anyway, so they are flagged. */
export function spawnToolsAllowedAtLevel3(rules: ToolRules | undefined, level: number | null): string[] {
  if (level !== 3 || !rules?.allow) return [];
  const allow = rules.allow;
  return SPAWN_TOOLS.filter((tool) => allow.includes(tool) && !rules.deny.includes(tool));
}
