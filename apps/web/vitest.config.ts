import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    include: ['test/**/*.test.ts'],
    // building the page and driving a real browser takes longer than a unit test
    testTimeout: 300_000,
    hookTimeout: 600_000,
  },
});
