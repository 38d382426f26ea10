/** One line of the benchmark table: a figure against its bar (R-PERF-01 to R-PERF-08). */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  bar: number;
  pass: boolean;
  /** 'max' (default): the figure must stay at or below the bar; 'min': at or above. */
  direction?: 'max' | 'min';
  /** A figure shown for comparison (e.g. a reference figure of the original), not a bar to hold. */
  reference?: boolean;
}
