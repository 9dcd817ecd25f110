/** `s` on one line (runs of white space as one space), cut to `max` characters with an ellipsis. */
export function oneLine(s: string, max: number): string {
  const line = s.replace(/\s+/g, ' ').trim();
  return line.length > max ? line.slice(0, max - 1) + '…' : line;
}

/**
 * `s` on one line, shortened in the middle to `max` characters when longer: the start and
 * the end are kept, so two long names that differ only at the end still look different.
 */
export function middleEllipsis(s: string, max: number): string {
  const line = s.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const tail = Math.floor((max - 1) / 2);
  return `${line.slice(0, max - 1 - tail).trimEnd()}…${line.slice(line.length - tail).trimStart()}`;
}
