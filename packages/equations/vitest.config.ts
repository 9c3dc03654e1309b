import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'equations', include: ['test/**/*.test.ts'] },
});
