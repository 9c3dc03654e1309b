import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'sensitivity', include: ['test/**/*.test.ts'] },
});
