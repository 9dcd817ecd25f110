import { RefObject } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';

/** The element's width in CSS pixels, followed as it resizes (`fallback` until measured, and where ResizeObserver is missing). */
export function useWidth<T extends HTMLElement>(fallback: number): [RefObject<T>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measured = Math.round(el.getBoundingClientRect().width);
    if (measured > 0) setWidth(measured);
    const observer = new ResizeObserver((entries) => {
      const w = Math.round(entries[0]?.contentRect.width ?? 0);
      if (w > 0) setWidth(w);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/**
 * The point a chart shows a tooltip for: hovered with the mouse, or chosen with the
 * keyboard (arrows, Home, End; Escape clears). `null`: none.
 */
export function useActivePoint(count: number, keys: { prev: string; next: string }) {
  const [active, setActive] = useState<number | null>(null);
  const clamp = (i: number) => Math.max(0, Math.min(count - 1, i));
  const onKeyDown = (e: KeyboardEvent) => {
    if (count === 0) return;
    let next: number | null | undefined;
    if (e.key === keys.next) next = active === null ? 0 : clamp(active + 1);
    else if (e.key === keys.prev) next = active === null ? count - 1 : clamp(active - 1);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = count - 1;
    else if (e.key === 'Escape') next = null;
    if (next === undefined) return;
    e.preventDefault();
    setActive(next);
  };
  return { active: active !== null && active < count ? active : null, setActive, onKeyDown };
}
