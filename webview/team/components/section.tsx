import { ComponentChildren } from 'preact';

/** A foldable section with a heading button (the fold is UI state). */
export function Section(props: {
  id: string;
  title: string;
  count: number | string;
  collapsed: boolean;
  onToggle: () => void;
  /** A button at the right of the title (e.g. New Project). */
  action?: { readonly icon: string; readonly label: string; readonly disabled?: boolean; readonly onClick: () => void };
  children: ComponentChildren;
}) {
  const action = props.action;
  const bodyId = `section-${props.id}`;
  return (
    <section class={`section${props.collapsed ? ' collapsed' : ''}`} aria-labelledby={`${bodyId}-title`}>
      <h2 class="section-title" id={`${bodyId}-title`}>
        <button type="button" class="section-toggle" aria-expanded={!props.collapsed} aria-controls={bodyId} onClick={props.onToggle}>
          <span class={`codicon codicon-chevron-${props.collapsed ? 'right' : 'down'}`} aria-hidden="true" />
          <span class="section-name">{props.title}</span>
          <span class="section-count">{props.count}</span>
        </button>
        {action ? (
          <button type="button" class="section-action" title={action.label} aria-label={action.label} disabled={action.disabled} onClick={action.onClick}>
            <span class={`codicon codicon-${action.icon}`} aria-hidden="true" />
          </button>
        ) : null}
      </h2>
      {props.collapsed ? null : (
        <div class="section-body" id={bodyId}>
          {props.children}
        </div>
      )}
    </section>
  );
}
