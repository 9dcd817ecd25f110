/** Sorting and searching that give the same answer on every machine and locale. Pure. */

/** Code-unit order: the same on every machine and locale. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Index of `key` in a sorted array, or `~insertionPoint` when absent. */
export function binarySearch<T>(items: readonly T[], key: string, keyOf: (item: T) => string): number {
  let lo = 0;
  let hi = items.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const c = compareStrings(keyOf(items[mid]), key);
    if (c === 0) return mid;
    if (c < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return ~lo;
}
