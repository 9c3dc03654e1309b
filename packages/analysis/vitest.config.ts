import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'analysis', include: ['test/**/*.test.ts'] },
});
