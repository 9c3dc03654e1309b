import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'bondgraph', include: ['test/**/*.test.ts'], testTimeout: 60000 },
});
