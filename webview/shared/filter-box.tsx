/**
 * The text filter of the Team view and the task board: a filter icon, the box, and a
 * clear button while it holds text; Escape empties it too.
 */
export function FilterBox(props: { value: string; placeholder: string; label: string; clearLabel: string; clearClass?: string; onChange: (text: string) => void }) {
  const { value, onChange } = props;
  return (
    <div class="filter">
      <span class="codicon codicon-filter" aria-hidden="true" />
      <input
        type="text"
        class="filter-input"
        placeholder={props.placeholder}
        aria-label={props.label}
        value={value}
        spellcheck={false}
        onInput={(e) => onChange((e.currentTarget as HTMLInputElement).value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && value !== '') {
            e.preventDefault();
            onChange('');
          }
        }}
      />
      {value !== '' ? (
        <button type="button" class={props.clearClass ? `icon-button ${props.clearClass}` : 'icon-button'} title={props.clearLabel} aria-label={props.clearLabel} onClick={() => onChange('')}>
          <span class="codicon codicon-close" aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
