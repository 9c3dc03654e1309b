import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'linalg', include: ['test/**/*.test.ts'] },
});
