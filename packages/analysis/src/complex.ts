/** Complex numbers as { re, im } for transfer-function values. */
export interface Complex {
  readonly re: number;
  readonly im: number;
}

export const complex = (re: number, im = 0): Complex => ({ re, im });
export const cabs = (z: Complex): number => Math.hypot(z.re, z.im);
export const carg = (z: Complex): number => Math.atan2(z.im, z.re);
export const csub = (a: Complex, b: Complex): Complex => ({ re: a.re - b.re, im: a.im - b.im });

export function formatComplex(z: Complex, digits = 6): string {
  const r = Number(z.re.toPrecision(digits));
  const i = Number(z.im.toPrecision(digits));
  if (i === 0) return String(r);
  if (r === 0) return `${i}i`;
  return `${r} ${i < 0 ? '-' : '+'} ${Math.abs(i)}i`;
}
