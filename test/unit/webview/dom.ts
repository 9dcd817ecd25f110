// A browser document for component tests: jsdom's window installed as the globals
// Preact renders into. Each test file calls `installDom()` in `before`, `removeDom()` in `after`.
import { JSDOM } from 'jsdom';

const KEYS = ['window', 'document', 'Node', 'Element', 'HTMLElement', 'Event', 'KeyboardEvent', 'MouseEvent', 'MessageEvent', 'requestAnimationFrame', 'cancelAnimationFrame'] as const;

let saved: Map<string, PropertyDescriptor | undefined> | undefined;

export function installDom(): JSDOM {
  const dom = new JSDOM('<!DOCTYPE html><html><body><div id="root"></div></body></html>', { pretendToBeVisual: true, url: 'https://webview.test/' });
  saved = new Map();
  const g = globalThis as Record<string, unknown>;
  for (const key of KEYS) {
    saved.set(key, Object.getOwnPropertyDescriptor(globalThis, key));
    const value = (dom.window as unknown as Record<string, unknown>)[key];
    Object.defineProperty(globalThis, key, { value: typeof value === 'function' && key.endsWith('AnimationFrame') ? value.bind(dom.window) : value, configurable: true, writable: true });
  }
  void g;
  return dom;
}

export function removeDom(): void {
  if (!saved) return;
  for (const [key, desc] of saved) {
    if (desc) Object.defineProperty(globalThis, key, desc);
    else delete (globalThis as Record<string, unknown>)[key];
  }
  saved = undefined;
}
