/**
 * What every benchmark returns to `npm run bench` (bench/run.ts): one row per measurement with its
 * target, so the runner prints one table and writes every row to bench/results/.
 */
export interface BenchRow {
  /** What was measured, e.g. "swipe p99, 50 concurrent swipers (PostgreSQL)". */
  measurement: string;
  /** The target in words, e.g. "≤ 5 ms"; empty for context rows that have none. */
  target: string;
  /** The measured value in words, e.g. "3.2 ms". */
  result: string;
  /** The measured number and its unit, for comparing runs. */
  value: number;
  unit: string;
  /** PASS/MISS against the target; null for context rows. */
  pass: boolean | null;
}

export interface Stats {
  p50: number;
  p95: number;
  p99: number;
  n: number;
}

export function percentiles(samples: readonly number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), n: sorted.length };
}

/** A row against an upper bound (`value ≤ limit`). */
export function atMost(measurement: string, value: number, limit: number, unit: string, digits = 1): BenchRow {
  return {
    measurement,
    target: `≤ ${limit} ${unit}`,
    result: `${value.toFixed(digits)} ${unit}`,
    value,
    unit,
    pass: value <= limit,
  };
}

/** A row against a lower bound (`value ≥ limit`). */
export function atLeast(measurement: string, value: number, limit: number, unit: string, digits = 1): BenchRow {
  return {
    measurement,
    target: `≥ ${limit} ${unit}`,
    result: `${value.toFixed(digits)} ${unit}`,
    value,
    unit,
    pass: value >= limit,
  };
}

/** A context row: measured and reported, no target of its own. */
export function context(measurement: string, value: number, unit: string, digits = 1): BenchRow {
  return { measurement, target: '', result: `${value.toFixed(digits)} ${unit}`, value, unit, pass: null };
}
