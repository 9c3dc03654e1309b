/** The compiled model of a study source: the same in this thread, every pool worker and every cluster worker. */
import { compile } from '@sysgraph/engine';
import type { CompiledModel } from '@sysgraph/engine';
import type { StudySource } from '../evaluate/study-settings';

export function compileSource(source: StudySource): CompiledModel {
  return compile({ text: source.text, path: source.path, format: source.format }, { parameters: source.parameters, stateChoice: source.stateChoice, formulation: source.formulation });
}
