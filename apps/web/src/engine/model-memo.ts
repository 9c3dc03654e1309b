/**
 * The newest compiled models (@sysgraph/engine) by description text and the settings that shape them (at most
 * `size`): a settings change that only touches the simulation reuses the compiled model and every part it has
 * built (the nonlinear model's derivation takes about half a second).
 */
import type { CompiledModel } from '@sysgraph/engine';

export interface ModelMemo {
  get(key: string, build: () => CompiledModel): CompiledModel;
}

export function createModelMemo(size = 4): ModelMemo {
  const entries = new Map<string, CompiledModel>();
  return {
    get(key, build) {
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const made = build();
      entries.set(key, made);
      while (entries.size > size) entries.delete(entries.keys().next().value!);
      return made;
    },
  };
}
