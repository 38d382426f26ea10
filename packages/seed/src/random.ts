/**
 * Seeded pseudo-random numbers for the demo data. Never Math.random: the same seed must
 * give the same rows on every machine. Each part of the generator (structures, users,
 * flux...) draws from its own named stream, so changing one part does not reshuffle the
 * others.
 */

/** 32-bit string hash (FNV-1a), used to derive a stream's seed from its name. */
function hashName(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** splitmix32: spreads a small seed over the 128-bit state of sfc32. */
function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** sfc32: small, fast, good statistical quality; plenty for demo data. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, stream = '') {
    const mix = splitmix32((seed ^ hashName(stream)) >>> 0);
    this.a = mix();
    this.b = mix();
    this.c = mix();
    this.d = mix();
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += String(Math.floor(this.next() * 10));
    return out;
  }
}

/**
 * Walker's alias method: O(1) weighted picks, needed because the flux loop picks a
 * structure millions of times (a linear or binary search would dominate the run).
 */
export class AliasTable {
  private readonly probability: Float64Array;
  private readonly alias: Int32Array;

  constructor(weights: readonly number[]) {
    const n = weights.length;
    if (n === 0) throw new Error('AliasTable: aucun poids');
    const total = weights.reduce((sum, w) => sum + w, 0);
    if (!(total > 0)) throw new Error('AliasTable: somme des poids nulle');
    this.probability = new Float64Array(n);
    this.alias = new Int32Array(n);
    const scaled = weights.map((w) => (w * n) / total);
    const small: number[] = [];
    const large: number[] = [];
    scaled.forEach((p, i) => (p < 1 ? small : large).push(i));
    while (small.length > 0 && large.length > 0) {
      const s = small.pop() as number;
      const l = large.pop() as number;
      this.probability[s] = scaled[s] as number;
      this.alias[s] = l;
      scaled[l] = (scaled[l] as number) + (scaled[s] as number) - 1;
      (scaled[l] < 1 ? small : large).push(l);
    }
    for (const i of [...small, ...large]) this.probability[i] = 1;
  }

  /** Index of the picked weight. */
  sample(rng: Rng): number {
    const x = rng.next() * this.probability.length;
    const i = Math.floor(x);
    return x - i < (this.probability[i] as number) ? i : (this.alias[i] as number);
  }
}

/** Splits `total` into integer parts proportional to `weights` (largest remainder). */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((s, p) => s + p, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((x, y) => y.r - x.r || x.i - y.i);
  for (const { i } of order) {
    if (left-- <= 0) break;
    parts[i] = (parts[i] as number) + 1;
  }
  return parts;
}
