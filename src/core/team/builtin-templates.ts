/**
 * The built-in note templates, used when a team folder has no `templates/` of its
 * own. Kept byte for byte equal to `templates/agent-template.md` and
 * `templates/project-template.md` at the repository root (a unit test checks it), so
 * the bundles need no file access to use them.
 */
export const BUILTIN_AGENT_TEMPLATE = `---
name: ""
project: ""
status: active
joined: ""
---

## Role

## Projects

## Capabilities

## Session Log
Last session: --
Status: registered
`;

export const BUILTIN_PROJECT_TEMPLATE = `---
type: project
created: YYYY-MM-DD
status: active
---

## Next Action

## Notes
`;
