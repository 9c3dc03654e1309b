/** VariableSet: the parameter names of a model and their integer indices (index order is the canonical order). */
import { SysgraphError } from '@sysgraph/core';
import { evaluateAtom } from './atom/atom';
import type { AtomDefinition } from './atom/atom';

const IDENTIFIER = /^[\p{L}_][\p{L}\p{N}_]*$/u;

/**
 * Names ↔ indices. Indices are assigned in insertion order and never change, so a polynomial built
 * while the set was smaller stays valid when names are appended. Variable 0 is the most significant
 * variable of the lexicographic term order and the first variable printed in a monomial.
 */
export class VariableSet {
  private readonly names: string[] = [];
  private readonly index = new Map<string, number>();
  /** Opaque atoms (atom/atom.ts) by index: non-rational functions of parameters, named by their text. */
  private readonly atoms = new Map<number, AtomDefinition>();

  /** A set holding `names` in the given order (duplicates are ignored). */
  static of(names: Iterable<string>): VariableSet {
    const set = new VariableSet();
    for (const name of names) set.add(name);
    return set;
  }

  get size(): number {
    return this.names.length;
  }

  /** Index of `name`, appending it when new. Names must be identifiers (letters, digits, underscore). */
  add(name: string): number {
    const known = this.index.get(name);
    if (known !== undefined) return known;
    if (!IDENTIFIER.test(name)) {
      throw new SysgraphError('bad-value', `parameter name "${name}" is not an identifier`, {
        element: name,
        expected: 'an identifier: a letter or underscore followed by letters, digits or underscores',
      });
    }
    const i = this.names.length;
    this.names.push(name);
    this.index.set(name, i);
    return i;
  }

  /** Index of the atom named `name` (its text, e.g. "cos(alpha)"), appending it when new. */
  addAtom(name: string, definition: AtomDefinition): number {
    const known = this.index.get(name);
    if (known !== undefined) return known;
    const i = this.names.length;
    this.names.push(name);
    this.index.set(name, i);
    this.atoms.set(i, definition);
    return i;
  }

  /** The definition of the atom at index i, or undefined for a parameter. */
  atomAt(i: number): AtomDefinition | undefined {
    return this.atoms.get(i);
  }

  get hasAtoms(): boolean {
    return this.atoms.size > 0;
  }

  /** A new set with the same names, atoms and indices (appending to it leaves this one unchanged). */
  copy(): VariableSet {
    const set = new VariableSet();
    this.names.forEach((name, i) => {
      const atom = this.atoms.get(i);
      if (atom) set.addAtom(name, atom);
      else set.add(name);
    });
    return set;
  }

  has(name: string): boolean {
    return this.index.has(name);
  }

  /** Index of a known name, or -1. */
  indexOf(name: string): number {
    return this.index.get(name) ?? -1;
  }

  nameOf(i: number): string {
    const name = this.names[i];
    if (name === undefined) {
      throw new SysgraphError('bad-value', `no variable with index ${i}`, {
        field: 'variable',
        expected: `an index below ${this.names.length}`,
      });
    }
    return name;
  }

  toArray(): readonly string[] {
    return this.names.slice();
  }

  /**
   * Float64Array of values in index order from a name → value map. A name listed in `required` with no
   * value throws 'missing-parameter-value'; other missing names become NaN.
   */
  valuesFrom(
    values: ReadonlyMap<string, number> | Readonly<Record<string, number>>,
    required: Iterable<number> = [],
  ): Float64Array {
    const out = new Float64Array(this.names.length);
    const get =
      values instanceof Map ? (n: string) => values.get(n) : (n: string) => (values as Record<string, number>)[n];
    for (let i = 0; i < this.names.length; i++) out[i] = get(this.names[i]) ?? Number.NaN;
    // An atom without a given value is computed from the parameters it reads.
    for (const [i, atom] of this.atoms) {
      if (get(this.names[i]) === undefined) out[i] = evaluateAtom(atom.node, (n) => get(n));
    }
    for (const i of required) {
      const atom = this.atoms.get(i);
      const missing = atom ? atom.parameters.find((n) => get(n) === undefined) : get(this.names[i]) === undefined ? this.names[i] : undefined;
      if (Number.isNaN(out[i]) && missing !== undefined) {
        throw new SysgraphError('missing-parameter-value', `no value for parameter ${missing}`, {
          element: missing,
          expected: 'a numeric value for every parameter of the expression',
        });
      }
    }
    return out;
  }

  format(): string {
    return `VariableSet(${this.names.map((n, i) => `${i}:${n}`).join(', ')})`;
  }

  toString(): string {
    return this.format();
  }
}
