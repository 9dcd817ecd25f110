/**
 * A name cut in the middle when there is no room for all of it: its start shrinks with an
 * ellipsis and its last characters stay, so names that differ only at the end ("Senior
 * Payments Reconciliation Lead" and "… Lead II") never look the same. Pure CSS, so it
 * follows the width the row really has; the text is the whole name (screen readers, find,
 * copy), and the tooltip shows it too.
 */
const TAIL = 8;

export function MiddleName(props: { name: string; class: string; title?: string }) {
  const { name } = props;
  const title = props.title ?? name;
  if (name.length <= TAIL + 3) return <span class={`${props.class} middle-name`} title={title}>{name}</span>;
  const cut = name.length - TAIL;
  return (
    <span class={`${props.class} middle-name`} title={title}>
      <span class="middle-name-head">{name.slice(0, cut)}</span>
      <span class="middle-name-tail">{name.slice(cut)}</span>
    </span>
  );
}
