/** The content of version `v` of the crash test's large file (about 2 MB, every line naming its version). */
export function bigVersion(v: number): string {
  const lines = [`# version ${v}`];
  for (let i = 0; i < 40000; i++) lines.push(`## line ${i} of version ${v} .....................`);
  return lines.join('\n') + '\n';
}

/** The version a text claims to be, or null. */
export function versionOf(text: string): number | null {
  const m = /^# version (\d+)\n/.exec(text);
  return m ? Number(m[1]) : null;
}
