import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'symbolic', include: ['test/**/*.test.ts'] },
});
