/** The JSON description (packages/description/schema/system.schema.json), as text or as a parsed object. */
import { parseSystem } from '@sysgraph/description';
import type { Reader } from './reader';

export const jsonReader: Reader = {
  name: 'json',
  extensions: ['.json'],
  sniff: (text) => /^\s*\{/.test(text),
  read: (input, options) => ({ description: parseSystem(input, { ...(options.name !== undefined ? { name: options.name } : {}), ...(options.parser ? { parser: options.parser } : {}) }) }),
};
