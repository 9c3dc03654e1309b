/** Vite configuration of the sysgraph web app: a static single page whose engine runs in a module worker. */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // relative asset URLs: the build runs from any folder or sub-path of a static host
  base: './',
  worker: { format: 'es' },
  server: { fs: { allow: [repositoryRoot] } },
  build: {
    target: 'es2022',
    // KaTeX and the engine are large by nature; the worker is loaded once
    chunkSizeWarningLimit: 2000,
    // the plugin-timing report is noise on a shared machine
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
});
