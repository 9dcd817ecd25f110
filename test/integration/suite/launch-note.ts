// An agent note with a launch profile, as the running-agents suites write it over the
// note addAgent made: the profile's lines, then a role; the frontmatter the store reads.

export interface LaunchNote {
  readonly name: string;
  readonly project: string;
  /** The `launch:` block's lines (indented by two spaces), without the env. */
  readonly launch: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly role: string;
  /** Lines after the role (a Session Log). */
  readonly after?: readonly string[];
}

export function launchNote(n: LaunchNote): string {
  const env = Object.entries(n.env).map(([k, v]) => `    ${k}: ${JSON.stringify(v)}`);
  return ['---', `name: ${n.name}`, `project: ${n.project}`, 'status: active', 'joined: 2026-03-01', 'launch:', ...n.launch, ...(env.length ? ['  env:', ...env] : []), '---', '', '## Role', n.role, '', ...(n.after ?? [])].join('\n');
}
