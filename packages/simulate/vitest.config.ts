import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'simulate', include: ['test/**/*.test.ts'], testTimeout: 60000 },
});
