// Compares two `npm run -s bench -- --json` outputs row by row (matched by id):
//   node scripts/bench-compare.mjs before.json after.json
// Ratios to the yardstick are compared as well as medians: the yardstick is measured
// in the same run, so its ratio moves less with the machine's load than the median.
import { readFileSync } from 'node:fs';

const [a, b] = process.argv.slice(2).map((f) => JSON.parse(readFileSync(f, 'utf8')));
if (!a || !b) {
  console.error('usage: node scripts/bench-compare.mjs before.json after.json');
  process.exit(2);
}
const load = (r) => r.load.start.map((x) => x.toFixed(2)).join(' ');
console.log(`before: ${a.date}, load ${load(a)}\nafter:  ${b.date}, load ${load(b)}\n`);
const fmt = (v, unit) => (v === undefined || v === null ? '-' : unit === 'MB' ? `${v.toFixed(0)} MB` : `${v.toFixed(2)} ms`);
const ratio = (r) => (r?.ratio == null ? '-' : `${r.ratio.toFixed(2)}×`);
const ids = [...new Set([...a.rows.map((r) => r.id), ...b.rows.map((r) => r.id)])];
const rows = [['row', 'before', 'after', 'change', 'ratio before', 'ratio after']];
for (const id of ids) {
  const x = a.rows.find((r) => r.id === id);
  const y = b.rows.find((r) => r.id === id);
  const unit = (y ?? x).unit;
  const change = x && y && x.median > 0 ? `${(((y.median - x.median) / x.median) * 100).toFixed(0)}%` : '-';
  rows.push([id, fmt(x?.median, unit), fmt(y?.median, unit), change, ratio(x), ratio(y)]);
}
const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
for (const r of rows) console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '));
