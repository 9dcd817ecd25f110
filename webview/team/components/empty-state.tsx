import { ComponentChildren } from 'preact';

/** A message that leads somewhere: an icon, a few words, and what to do next. */
export function EmptyState(props: { icon: string; title: string; children?: ComponentChildren; actions?: ComponentChildren }) {
  return (
    <div class="empty" role="status">
      <span class={`codicon codicon-${props.icon} empty-icon`} aria-hidden="true" />
      <p class="empty-title">{props.title}</p>
      {props.children ? <div class="empty-text">{props.children}</div> : null}
      {props.actions ? <div class="empty-actions">{props.actions}</div> : null}
    </div>
  );
}

export function Button(props: { icon?: string; secondary?: boolean; disabled?: boolean; title?: string; onClick: () => void; children: ComponentChildren }) {
  return (
    <button
      type="button"
      class={`button${props.secondary ? ' secondary' : ''}`}
      disabled={props.disabled}
      title={props.title}
      onClick={props.onClick}
    >
      {props.icon ? <span class={`codicon codicon-${props.icon}`} aria-hidden="true" /> : null}
      <span>{props.children}</span>
    </button>
  );
}
