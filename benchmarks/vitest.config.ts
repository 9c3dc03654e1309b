import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'benchmarks', include: ['test/**/*.test.ts'], testTimeout: 60000 },
});
