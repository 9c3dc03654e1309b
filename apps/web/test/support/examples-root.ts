/** The repository's examples folder, for the tests. */
import { join } from 'node:path';
import { WEB_ROOT } from './build-page';

export const EXAMPLES_ROOT = join(WEB_ROOT, '..', '..', 'examples');
