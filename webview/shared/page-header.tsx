import { ComponentChildren } from 'preact';

/**
 * The one header of the editor-area pages (task board, Team Insights, worklog and
 * mailbox, threads): the page's icon and name, the team it shows (its folder in the
 * tooltip), then the page's own controls on the right, wrapping below on a narrow page.
 */
export function PageHeader(props: { icon: string; title: string; team?: { readonly name: string; readonly path: string } | null; class?: string; children?: ComponentChildren }) {
  const { icon, title, team } = props;
  return (
    <header class={props.class ? `page-header ${props.class}` : 'page-header'}>
      <h1 class="page-title" title={team ? `${title} · ${team.name} (${team.path})` : title}>
        <span class={`codicon codicon-${icon}`} aria-hidden="true" />
        <span class="page-name">{title}</span>
        {team ? <span class="page-team">· {team.name}</span> : null}
      </h1>
      {props.children}
    </header>
  );
}
