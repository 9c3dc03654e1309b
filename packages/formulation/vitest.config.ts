import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'formulation', include: ['test/**/*.test.ts'], testTimeout: 60000 },
});
