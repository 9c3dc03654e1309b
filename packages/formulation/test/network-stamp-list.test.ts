/** StampList keeps every appended triple, in order, across growth, and take() empties it. */
import { describe, expect, it } from 'vitest';
import { StampList } from '../src/network-model/stamp-list';

describe('StampList', () => {
  it('returns the triples appended, in order, past several doublings', () => {
    const list = new StampList(2);
    const n = 1000;
    for (let k = 0; k < n; k++) list.push(3 * k, k ^ 5, k % 2 === 0 ? 1 : -1);
    expect(list.length).toBe(n);
    const { dst, src, coef } = list.take();
    expect(dst.length).toBe(n);
    for (let k = 0; k < n; k++) {
      expect(dst[k]).toBe(3 * k);
      expect(src[k]).toBe(k ^ 5);
      expect(coef[k]).toBe(k % 2 === 0 ? 1 : -1);
    }
    expect(list.length).toBe(0);
    list.push(7, 8, -1);
    const again = list.take();
    expect([...again.dst, ...again.src, ...again.coef]).toEqual([7, 8, -1]);
  });
});
