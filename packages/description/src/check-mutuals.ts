/**
 * Structural checks of mutual inductances: both coupled elements exist and are T-type one-ports (mutual
 * inductance couples T-type branches only, formulation.md section 1), they differ, and each pair is coupled once.
 * The numeric checks (|k| < 1, positive definite inductance matrix) are in check-values.ts.
 */
import type { ErrorList } from './error-list';
import type { ElementClass } from './raw-input';
import type { MutualInductance } from './types';

export function checkMutuals(
  mutuals: readonly MutualInductance[],
  classOf: (id: string) => ElementClass | undefined,
  pathOf: (id: string) => string | undefined,
  errors: ErrorList,
): MutualInductance[] {
  const pairs = new Map<string, string>();
  const kept: MutualInductance[] = [];
  for (const m of mutuals) {
    const at = (field: string) => `${pathOf(m.id) ?? m.id}.${field}`;
    let ok = true;
    m.between.forEach((id, j) => {
      const field = `between[${j}]`;
      const cls = classOf(id);
      if (cls === undefined) {
        errors.add('unknown-element', `${m.id}.${field}: no element "${id}"`, {
          element: m.id,
          field,
          path: at(field),
          elements: [id],
          expected: 'the id of a T-type element (inductor, inertance, spring, torsional-spring, t-type)',
        });
        ok = false;
      } else if (cls !== 'T') {
        errors.add('bad-mutual-inductance', `${m.id}.${field}: "${id}" is not a T-type element`, {
          element: m.id,
          field,
          path: at(field),
          elements: [id],
          expected: 'the id of a T-type element (inductor, inertance, spring, torsional-spring, t-type)',
        });
        ok = false;
      }
    });
    const [a, b] = m.between;
    if (a === b) {
      errors.add('bad-mutual-inductance', `${m.id}.between: couples "${a}" with itself`, {
        element: m.id,
        field: 'between',
        path: at('between'),
        elements: [a],
        expected: 'two different T-type elements',
      });
      ok = false;
    } else {
      const key = a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
      const first = pairs.get(key);
      if (first !== undefined) {
        errors.add('bad-mutual-inductance', `${m.id}.between: "${a}" and "${b}" are already coupled by ${first}`, {
          element: m.id,
          field: 'between',
          path: at('between'),
          elements: [first, m.id],
          expected: 'one mutual inductance per pair of elements',
        });
        ok = false;
      } else {
        pairs.set(key, m.id);
      }
    }
    if (ok) kept.push(m);
  }
  return kept;
}
