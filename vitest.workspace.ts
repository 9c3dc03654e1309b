/** The one list of test projects: every package and app with a test/ folder. */
export const projects = [
  'packages/core',
  'packages/description',
  'packages/graph',
  'packages/bondgraph',
  'packages/symbolic',
  'packages/linalg',
  'packages/formulation',
  'packages/analysis',
  'packages/equations',
  'packages/simulate',
  'packages/engine',
  'packages/sensitivity',
  'packages/studies',
  'packages/cli',
  'apps/web',
  'benchmarks',
  'examples/scripts',
];
export default projects;
