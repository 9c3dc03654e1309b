import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'graph', include: ['test/**/*.test.ts'], testTimeout: 60000 },
});
