/**
 * GcdCache: a bounded memo of polynomial gcds, keyed by the pair of hashes and confirmed by structural
 * equality. Owned by a caller (e.g. a rational-function field instance), never global.
 */
import type { Polynomial } from '../polynomial/polynomial';

interface Entry {
  readonly f: Polynomial;
  readonly g: Polynomial;
  readonly gcd: Polynomial;
}

export class GcdCache {
  private readonly map = new Map<string, Entry>();
  hits = 0;
  misses = 0;
  constructor(readonly capacity = 4096) {}

  private static key(f: Polynomial, g: Polynomial): string {
    const a = f.hash();
    const b = g.hash();
    return a <= b ? `${a}:${b}` : `${b}:${a}`;
  }

  get(f: Polynomial, g: Polynomial): Polynomial | undefined {
    const e = this.map.get(GcdCache.key(f, g));
    if (e && ((e.f.equals(f) && e.g.equals(g)) || (e.f.equals(g) && e.g.equals(f)))) {
      this.hits++;
      return e.gcd;
    }
    this.misses++;
    return undefined;
  }

  set(f: Polynomial, g: Polynomial, gcd: Polynomial): void {
    if (this.map.size >= this.capacity) {
      const first = this.map.keys().next().value;
      if (first !== undefined) this.map.delete(first);
    }
    this.map.set(GcdCache.key(f, g), { f, g, gcd });
  }

  get size(): number {
    return this.map.size;
  }

  format(): string {
    return `GcdCache(${this.map.size}/${this.capacity} entries, ${this.hits} hits, ${this.misses} misses)`;
  }
}
