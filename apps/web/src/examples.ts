/** The gallery: examples/index.json (the default first) with each file's text, bundled at build time. */
import index from '../../../examples/index.json';

export interface Example {
  readonly file: string;
  readonly title: string;
  readonly summary: string;
  readonly domains: readonly string[];
  readonly tags: readonly string[];
  readonly text: string;
}

const files = import.meta.glob('../../../examples/*.json', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

export const EXAMPLES: readonly Example[] = (index as Omit<Example, 'text'>[])
  .map((e) => ({ ...e, text: files[`../../../examples/${e.file}`] }))
  .filter((e): e is Example => typeof e.text === 'string');
