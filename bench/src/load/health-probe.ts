/** `/api/health` asked every `everyMs` while a measure runs, as a load balancer would. */
export interface HealthProbe {
  /** Stops probing; every answer's time (ms) and how many failed. */
  stop(): Promise<{ samples: number[]; errors: number }>;
}

export function startHealthProbe(address: string, everyMs = 50): HealthProbe {
  const samples: number[] = [];
  let errors = 0;
  let probing = true;
  const loop = (async () => {
    while (probing) {
      const at = performance.now();
      try {
        const response = await fetch(`${address}/api/health`);
        await response.arrayBuffer();
        if (!response.ok) errors++;
      } catch {
        errors++;
      }
      samples.push(performance.now() - at);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      probing = false;
      await loop;
      return { samples, errors };
    },
  };
}

/** The p-th percentile (nearest rank) of `values`; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
