import { useEffect, useRef } from 'preact/hooks';

export interface MenuItem {
  readonly id: string;
  readonly label: string;
  readonly icon: string;
  readonly keys?: string;
  readonly disabled?: boolean;
  readonly separatorBefore?: boolean;
}

/**
 * A card's actions as a menu (right click, Shift+F10 or the context-menu key): the
 * arrow keys move, Enter chooses, Escape or a click elsewhere closes it and the focus
 * goes back to the card.
 */
export function CardMenu(props: { x: number; y: number; label: string; items: readonly MenuItem[]; onChoose: (id: string) => void; onClose: () => void }) {
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = menu.current;
    if (!el) return;
    // Keep it on screen.
    const r = el.getBoundingClientRect();
    if (r.right > window.innerWidth) el.style.left = `${Math.max(0, window.innerWidth - r.width - 4)}px`;
    if (r.bottom > window.innerHeight) el.style.top = `${Math.max(0, window.innerHeight - r.height - 4)}px`;
    el.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
    const away = (e: MouseEvent) => {
      if (!el.contains(e.target as Node)) props.onClose();
    };
    document.addEventListener('mousedown', away, true);
    return () => document.removeEventListener('mousedown', away, true);
  }, []);
  const onKeyDown = (e: KeyboardEvent) => {
    const items = Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? []);
    const i = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = e.key === 'ArrowDown' ? (i + 1) % items.length : (i - 1 + items.length) % items.length;
      items[next]?.focus();
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      items[e.key === 'Home' ? 0 : items.length - 1]?.focus();
    } else if (e.key === 'Escape' || e.key === 'Tab') {
      e.preventDefault();
      props.onClose();
    }
  };
  return (
    <div class="menu" role="menu" aria-label={props.label} ref={menu} style={{ left: `${props.x}px`, top: `${props.y}px` }} onKeyDown={onKeyDown}>
      {props.items.map((item) => (
          <div
            key={item.id}
            class={`menu-item${item.separatorBefore ? ' separated' : ''}`}
            role="menuitem"
            tabIndex={-1}
            aria-disabled={item.disabled ? 'true' : undefined}
            data-action={item.id}
            onClick={() => {
              if (!item.disabled) props.onChoose(item.id);
            }}
            onKeyDown={(e) => {
              if ((e.key === 'Enter' || e.key === ' ') && !item.disabled) {
                e.preventDefault();
                props.onChoose(item.id);
              }
            }}
          >
            <span class={`codicon codicon-${item.icon}`} aria-hidden="true" />
            <span class="menu-label">{item.label}</span>
            {item.keys ? <span class="menu-keys">{item.keys}</span> : null}
          </div>
      ))}
    </div>
  );
}
