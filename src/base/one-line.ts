/** `s` on one line (runs of white space as one space), cut to `max` characters with an ellipsis. */
export function oneLine(s: string, max: number): string {
  const line = s.replace(/\s+/g, ' ').trim();
  return line.length > max ? line.slice(0, max - 1) + '…' : line;
}
