/**
 * FieldMatrix<T>: a small dense matrix over a Field<T>, row-major. Construction, entry access, the ring
 * operations, transpose, blocks (extraction and assembly) and a column-aligned printout.
 * Entries are set in place with set(); every other operation returns a new matrix.
 */
import { SysgraphError } from '@sysgraph/core';
import type { Field } from '../field/field';

export class FieldMatrix<T> {
  private constructor(
    readonly field: Field<T>,
    readonly rows: number,
    readonly cols: number,
    private readonly data: T[],
  ) {}

  static zeros<T>(field: Field<T>, rows: number, cols: number): FieldMatrix<T> {
    checkSize(rows, cols);
    return new FieldMatrix(field, rows, cols, new Array<T>(rows * cols).fill(field.zero));
  }

  static identity<T>(field: Field<T>, n: number): FieldMatrix<T> {
    const m = FieldMatrix.zeros(field, n, n);
    for (let i = 0; i < n; i++) m.set(i, i, field.one);
    return m;
  }

  static fromRows<T>(field: Field<T>, rows: readonly (readonly T[])[]): FieldMatrix<T> {
    const r = rows.length;
    const c = r === 0 ? 0 : rows[0].length;
    for (const row of rows) {
      if (row.length !== c) throw shape('rows of equal length', `rows of length ${c} and ${row.length}`);
    }
    return new FieldMatrix(field, r, c, rows.flatMap((row) => [...row]));
  }

  static fromFunction<T>(field: Field<T>, rows: number, cols: number, f: (i: number, j: number) => T): FieldMatrix<T> {
    checkSize(rows, cols);
    const data = new Array<T>(rows * cols);
    for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) data[i * cols + j] = f(i, j);
    return new FieldMatrix(field, rows, cols, data);
  }

  /** A diagonal matrix. */
  static diagonal<T>(field: Field<T>, diag: readonly T[]): FieldMatrix<T> {
    return FieldMatrix.fromFunction(field, diag.length, diag.length, (i, j) => (i === j ? diag[i] : field.zero));
  }

  /**
   * Assemble from a grid of blocks; null is a zero block whose size is taken from its row and column
   * neighbours. Every block row needs one block fixing its height, every block column one fixing its width.
   */
  static assemble<T>(field: Field<T>, blocks: readonly (readonly (FieldMatrix<T> | null)[])[]): FieldMatrix<T> {
    const heights = blocks.map((row) => row.find((b) => b !== null)?.rows);
    const nbc = blocks[0]?.length ?? 0;
    const widths = Array.from({ length: nbc }, (_, j) => blocks.find((row) => row[j] !== null)?.[j]?.cols);
    if (heights.some((h) => h === undefined) || widths.some((w) => w === undefined)) {
      throw shape('a block of known size in every block row and block column', 'a row or column of null blocks');
    }
    const total = (xs: (number | undefined)[]) => xs.reduce<number>((s, x) => s + (x ?? 0), 0);
    const out = FieldMatrix.zeros(field, total(heights), total(widths));
    let r0 = 0;
    blocks.forEach((row, bi) => {
      if (row.length !== nbc) throw shape(`${nbc} blocks per block row`, `${row.length}`);
      let c0 = 0;
      row.forEach((b, bj) => {
        if (b !== null) {
          if (b.rows !== heights[bi] || b.cols !== widths[bj]) {
            throw shape(`a ${heights[bi]}×${widths[bj]} block at (${bi}, ${bj})`, `${b.rows}×${b.cols}`);
          }
          for (let i = 0; i < b.rows; i++) for (let j = 0; j < b.cols; j++) out.set(r0 + i, c0 + j, b.get(i, j));
        }
        c0 += widths[bj]!;
      });
      r0 += heights[bi]!;
    });
    return out;
  }

  get(i: number, j: number): T {
    return this.data[i * this.cols + j];
  }

  set(i: number, j: number, v: T): void {
    this.data[i * this.cols + j] = v;
  }

  row(i: number): T[] {
    return this.data.slice(i * this.cols, (i + 1) * this.cols);
  }

  column(j: number): T[] {
    return Array.from({ length: this.rows }, (_, i) => this.get(i, j));
  }

  /** Rows as arrays (a copy). */
  toRows(): T[][] {
    return Array.from({ length: this.rows }, (_, i) => this.row(i));
  }

  clone(): FieldMatrix<T> {
    return new FieldMatrix(this.field, this.rows, this.cols, this.data.slice());
  }

  get isSquare(): boolean {
    return this.rows === this.cols;
  }

  map<U>(field: Field<U>, f: (v: T, i: number, j: number) => U): FieldMatrix<U> {
    return FieldMatrix.fromFunction(field, this.rows, this.cols, (i, j) => f(this.get(i, j), i, j));
  }

  add(b: FieldMatrix<T>): FieldMatrix<T> {
    this.sameShape(b);
    const F = this.field;
    return FieldMatrix.fromFunction(F, this.rows, this.cols, (i, j) => F.add(this.get(i, j), b.get(i, j)));
  }

  sub(b: FieldMatrix<T>): FieldMatrix<T> {
    this.sameShape(b);
    const F = this.field;
    return FieldMatrix.fromFunction(F, this.rows, this.cols, (i, j) => F.sub(this.get(i, j), b.get(i, j)));
  }

  neg(): FieldMatrix<T> {
    const F = this.field;
    return FieldMatrix.fromFunction(F, this.rows, this.cols, (i, j) => F.neg(this.get(i, j)));
  }

  scale(s: T): FieldMatrix<T> {
    const F = this.field;
    return FieldMatrix.fromFunction(F, this.rows, this.cols, (i, j) => F.mul(s, this.get(i, j)));
  }

  /** this·b, skipping zero factors (the usual case in network matrices). */
  mul(b: FieldMatrix<T>): FieldMatrix<T> {
    if (this.cols !== b.rows) throw shape(`a matrix with ${this.cols} rows`, `${b.rows} rows`);
    const F = this.field;
    const out = FieldMatrix.zeros(F, this.rows, b.cols);
    for (let i = 0; i < this.rows; i++) {
      for (let k = 0; k < this.cols; k++) {
        const a = this.get(i, k);
        if (F.isZero(a)) continue;
        for (let j = 0; j < b.cols; j++) {
          const x = b.get(k, j);
          if (F.isZero(x)) continue;
          out.set(i, j, F.add(out.get(i, j), F.mul(a, x)));
        }
      }
    }
    return out;
  }

  transpose(): FieldMatrix<T> {
    return FieldMatrix.fromFunction(this.field, this.cols, this.rows, (i, j) => this.get(j, i));
  }

  /** The nr×nc block starting at (r0, c0). */
  block(r0: number, c0: number, nr: number, nc: number): FieldMatrix<T> {
    if (r0 < 0 || c0 < 0 || nr < 0 || nc < 0 || r0 + nr > this.rows || c0 + nc > this.cols) {
      throw shape(`a block inside ${this.rows}×${this.cols}`, `rows ${r0}…${r0 + nr - 1}, columns ${c0}…${c0 + nc - 1}`);
    }
    return FieldMatrix.fromFunction(this.field, nr, nc, (i, j) => this.get(r0 + i, c0 + j));
  }

  /** The submatrix of the listed rows and columns. */
  select(rowIdx: readonly number[], colIdx: readonly number[]): FieldMatrix<T> {
    return FieldMatrix.fromFunction(this.field, rowIdx.length, colIdx.length, (i, j) => this.get(rowIdx[i], colIdx[j]));
  }

  isZero(): boolean {
    return this.data.every((v) => this.field.isZero(v));
  }

  equals(b: FieldMatrix<T>): boolean {
    if (this.rows !== b.rows || this.cols !== b.cols) return false;
    return this.data.every((v, k) => this.field.equals(v, b.data[k]));
  }

  /** Float values through field.toNumber (row-major Float64Array). */
  toFloat64(): Float64Array {
    const toNumber = this.field.toNumber;
    if (!toNumber) throw new SysgraphError('unsupported', `${this.field.name} has no float value`, { expected: 'a numeric field' });
    return Float64Array.from(this.data, (v) => toNumber(v));
  }

  /** Column-aligned printout, one row per line. */
  format(): string {
    const cells = this.toRows().map((row) => row.map((v) => this.field.format(v)));
    const widths = Array.from({ length: this.cols }, (_, j) => cells.reduce((w, r) => Math.max(w, r[j].length), 1));
    const lines = cells.map((r) => `[ ${r.map((c, j) => c.padStart(widths[j])).join('  ')} ]`);
    return `${this.rows}×${this.cols} over ${this.field.name}\n${lines.join('\n')}`;
  }

  toString(): string {
    return this.format();
  }

  private sameShape(b: FieldMatrix<T>): void {
    if (this.rows !== b.rows || this.cols !== b.cols) {
      throw shape(`a ${this.rows}×${this.cols} matrix`, `${b.rows}×${b.cols}`);
    }
  }
}

function checkSize(rows: number, cols: number): void {
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 0 || cols < 0) {
    throw shape('non-negative integer dimensions', `${rows}×${cols}`);
  }
}

function shape(expected: string, got: string): SysgraphError {
  return new SysgraphError('bad-value', `matrix shape mismatch: got ${got}`, { field: 'shape', expected });
}
