import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'sparse', include: ['test/**/*.test.ts'] },
});
