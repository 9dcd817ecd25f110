/**
 * How `npm run bench` reports: every figure beside its yardstick (the plain work it
 * is measured against, from the same run), as a table for people or, with `--json`,
 * one object for scripts (`scripts/bench-compare.mjs`; shape in docs/measured.md).
 */
import * as os from 'os';

/** What a figure is measured against: another row of the same run, or a fixed amount. */
export type Yardstick = { readonly row: string } | { readonly what: string; readonly value: number };

export interface BenchRow {
  /** Stable across commits: what a comparison matches rows by. */
  readonly id: string;
  readonly what: string;
  readonly unit: 'ms' | 'MB';
  /** What `median` holds: the median (the default) or, for a p95 target, the 95th percentile. */
  readonly stat?: 'median' | 'p95';
  readonly median: number;
  readonly min: number;
  readonly runs: number;
  /** Absent on a yardstick row itself. */
  readonly yardstick?: Yardstick;
  /** The target: the ratio to the yardstick should be at most this. */
  readonly goal?: number;
  readonly note?: string;
}

export interface BenchReport {
  readonly bench: string;
  readonly format: 1;
  readonly date: string;
  readonly machine: { cpu: string; cores: number; memoryGiB: number; platform: string; node: string };
  readonly load: { start: number[]; end: number[] };
  readonly context: Record<string, string | number>;
  readonly rows: ReadonlyArray<BenchRow & { ratio: number | null; yardstickWhat: string | null; met: boolean | null }>;
}

export function median(xs: readonly number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** A row from samples. */
export function sampled(id: string, what: string, samples: readonly number[], more: Partial<BenchRow> = {}): BenchRow {
  return { id, what, unit: 'ms', median: median(samples), min: Math.min(...samples), runs: samples.length, ...more };
}

function resolve(rows: readonly BenchRow[], r: BenchRow): { value: number; what: string } | null {
  if (!r.yardstick) return null;
  if ('row' in r.yardstick) {
    const id = r.yardstick.row;
    const y = rows.find((x) => x.id === id);
    if (!y) throw new Error(`bench row ${r.id}: no yardstick row ${id}`);
    return { value: y.median, what: y.what.trim() };
  }
  return { value: r.yardstick.value, what: r.yardstick.what };
}

export function buildReport(bench: string, rows: readonly BenchRow[], context: Record<string, string | number>, loadAtStart: number[]): BenchReport {
  return {
    bench,
    format: 1,
    date: new Date().toISOString(),
    machine: {
      cpu: os.cpus()[0]?.model ?? 'unknown CPU',
      cores: os.cpus().length,
      memoryGiB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
      platform: `${os.platform()} ${os.arch()}`,
      node: process.version,
    },
    load: { start: loadAtStart, end: os.loadavg() },
    context,
    rows: rows.map((r) => {
      const y = resolve(rows, r);
      const ratio = y && y.value > 0 ? r.median / y.value : null;
      return { ...r, ratio, yardstickWhat: y?.what ?? null, met: ratio === null || r.goal === undefined ? null : ratio <= r.goal };
    }),
  };
}

function fmt(value: number, unit: BenchRow['unit']): string {
  if (Number.isNaN(value)) return 'n/a';
  if (unit === 'MB') return `${value.toFixed(0)} MB`;
  return value < 1 ? `${(value * 1000).toFixed(0)} µs` : value < 100 ? `${value.toFixed(2)} ms` : `${value.toFixed(0)} ms`;
}

const loadText = (l: readonly number[]) => l.map((x) => x.toFixed(2)).join(' ');

export function printTable(report: BenchReport, header: readonly string[], footer: readonly string[]): void {
  const rows = report.rows;
  const w = Math.max(...rows.map((r) => r.what.length));
  const m = report.machine;
  const out: string[] = ['', ...header];
  out.push(`Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.platform}, Node ${m.node}`);
  out.push(`Load average at the start / end: ${loadText(report.load.start)} / ${loadText(report.load.end)} (figures are only comparable on an otherwise idle machine)`);
  out.push('');
  out.push(`${'measurement'.padEnd(w)}  ${'median'.padStart(9)}  ${'min'.padStart(9)}  ${'ratio'.padStart(8)}  yardstick`);
  out.push(`${'-'.repeat(w)}  ${'-'.repeat(9)}  ${'-'.repeat(9)}  ${'-'.repeat(8)}  ---------`);
  for (const r of rows) {
    const ratio = r.ratio === null ? (r.yardstick ? 'n/a' : '') : `${r.ratio.toFixed(2)}×`;
    const goal = r.goal === undefined ? '' : `, goal ≤ ${r.goal}× (${r.met ? 'met' : 'NOT met'})`;
    const against = r.yardstick ? `${r.yardstickWhat}${goal}` : 'the yardstick';
    out.push(`${r.what.padEnd(w)}  ${fmt(r.median, r.unit).padStart(9)}  ${fmt(r.min, r.unit).padStart(9)}  ${ratio.padStart(8)}  ${against}${r.note ? `; ${r.note}` : ''}`);
  }
  out.push('', ...footer);
  console.log(out.join('\n'));
}

export function printJson(report: BenchReport): void {
  process.stdout.write(JSON.stringify(report, null, 2) + '\n');
}
