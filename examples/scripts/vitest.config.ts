import { defineProject } from 'vitest/config';

// The pack-and-install test builds every package (tsc for the declarations), packs and installs them: minutes on
// a loaded machine, once for the whole file.
export default defineProject({
  test: { name: 'example-scripts', include: ['test/**/*.test.ts'], testTimeout: 180_000, hookTimeout: 900_000 },
});
