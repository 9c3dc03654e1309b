import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'studies', include: ['test/**/*.test.ts'] },
});
