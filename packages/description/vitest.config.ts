import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'description', include: ['test/**/*.test.ts'], testTimeout: 60000 },
});
