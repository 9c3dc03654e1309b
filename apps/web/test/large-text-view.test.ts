/** lineStarts of the editor's large-text mode, against String.split as the oracle. */
import { describe, expect, it } from 'vitest';
import { lineStarts } from '../src/ui/large-text-view';

describe('lineStarts', () => {
  it('gives the offsets split would give, and one past the end', () => {
    for (const text of ['', 'a', 'a\nb', '\n', 'ab\n\ncd\n', '{\n"x": 1\n}\n']) {
      const lines = text.split('\n');
      const starts = lineStarts(text);
      expect(starts.length).toBe(lines.length + 1);
      lines.forEach((line, k) => expect(text.slice(starts[k], starts[k + 1] - 1)).toBe(line));
    }
  });
});
