/**
 * The gallery: examples/index.json (the default first) with each file's text, then the nonlinear examples of
 * examples/nonlinear and the time-varying ones of examples/time-varying (titled from their own "title" and
 * "description"), then other formats the engine's readers take: the poster's bond graph and the StateMint
 * tutorial's equations (motor-pump.sm). All bundled at build time.
 */
import index from '../../../examples/index.json';

export interface Example {
  /** The file relative to examples/, e.g. "rlc-series.json" or "nonlinear/diode-rc.json". */
  readonly file: string;
  readonly title: string;
  readonly summary: string;
  readonly domains: readonly string[];
  readonly tags: readonly string[];
  /** 'linear' (examples/index.json), 'nonlinear' (elements given by laws), 'time-varying' (values in t), 'formats' (a bond graph, equations). */
  readonly group: 'linear' | 'nonlinear' | 'time-varying' | 'formats';
  readonly text: string;
}

const files = import.meta.glob('../../../examples/*.json', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
const nonlinearFiles = import.meta.glob('../../../examples/nonlinear/*.json', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
const timeVaryingFiles = import.meta.glob('../../../examples/time-varying/*.json', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

const linear: Example[] = (index as Omit<Example, 'text' | 'group'>[]).flatMap((e) => {
  const text = files[`../../../examples/${e.file}`];
  return typeof text === 'string' ? [{ ...e, group: 'linear' as const, text }] : [];
});

/** An example from its own JSON: title and description, or the file name. */
function ownExample(group: 'nonlinear' | 'time-varying', path: string, text: string): Example {
  const file = path.replace('../../../examples/', '');
  let meta: { title?: unknown; description?: unknown } = {};
  try {
    meta = JSON.parse(text) as typeof meta;
  } catch {
    // shown as its file name; the editor reports the error when it is opened
  }
  return {
    file,
    title: typeof meta.title === 'string' ? meta.title : file,
    summary: typeof meta.description === 'string' ? meta.description : '',
    domains: [],
    tags: [group],
    group,
    text,
  };
}

const folder = (group: 'nonlinear' | 'time-varying', files: Record<string, string>): Example[] =>
  Object.entries(files)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, text]) => ownExample(group, path, text));

const bondGraph = import.meta.glob('../../../examples/bondgraph/poster-rlc.bg.json', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
const equationFiles = import.meta.glob('../../../examples/equations/*.sm', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

/** An equation file's title: the motor and pump's own, else its first comment line (at most 80 characters). */
const equationTitle = (path: string, text: string): string => {
  if (path.endsWith('/motor-pump.sm')) return 'DC motor and pump as StateMint equations (no linear graph)';
  const first = (text.split('\n').find((l) => l.startsWith('#')) ?? path).replace(/^#\s*/, '');
  const line = first.trim().replace(/\.$/, '');
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
};

const formats: Example[] = [
  ...Object.entries(bondGraph).map(([path, text]) => ({ ...ownExample('nonlinear', path, text), tags: ['bond graph'], group: 'formats' as const })),
  ...Object.entries(equationFiles)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, text]) => ({
      file: path.replace('../../../examples/', ''),
      title: equationTitle(path, text),
      summary: text.split('\n').filter((l) => l.startsWith('#')).map((l) => l.replace(/^#\s*/, '')).join(' '),
      domains: [],
      tags: ['equations'],
      group: 'formats' as const,
      text,
    })),
];

export const EXAMPLES: readonly Example[] = [...linear, ...folder('nonlinear', nonlinearFiles), ...folder('time-varying', timeVaryingFiles), ...formats];
