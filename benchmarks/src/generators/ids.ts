/**
 * Numbered ids whose code-point order is their natural order: the number is zero-padded to the width of the
 * largest one (R001 … R100), so that the engine's canonical tie-breaks (plain string order) follow the
 * section order of a generated network.
 */
export function numbered(prefix: string, k: number, count: number): string {
  return prefix + String(k).padStart(String(count).length, '0');
}
