/**
 * The bundle's description schema: ajv's standalone code generated at bundle time (bin/bundle.mjs,
 * standaloneSchema) in place of description's schema-compile.ts, which compiles the same schema with the same
 * options at run time. Both must give the same answer and the same errors (keyword, instance path, params, data,
 * parent schema) on the examples and on seeded mutations of them; and the built command reports a bad
 * description's errors exactly as the sources' validator finds them.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { seededRandom } from '@sysgraph/core';
import { createSchemaValidator } from '@sysgraph/description';
// @ts-expect-error: a plain ES module of the bin folder, without declarations
import { standaloneSchemaCode } from '../bin/bundle.mjs';

type Validate = ((doc: unknown) => boolean) & { errors?: unknown[] | null };

const root = fileURLToPath(new URL('../../../', import.meta.url));
const descriptionDir = join(root, 'packages/description');

/** The standalone code as the bundle holds it: bundled to CommonJS by esbuild, then evaluated. */
async function standaloneValidator(): Promise<Validate> {
  const out = await build({ stdin: { contents: standaloneSchemaCode(descriptionDir) as string, resolveDir: descriptionDir, loader: 'js' }, bundle: true, format: 'cjs', platform: 'node', write: false, logLevel: 'error' });
  const module = { exports: {} as { default: Validate } };
  new Function('module', 'exports', 'require', out.outputFiles[0].text)(module, module.exports, createRequire(join(descriptionDir, 'package.json')));
  return module.exports.default;
}

/** ajv compiling the schema at run time, with the description package's options file (what schema-compile.ts does). */
function runtimeValidator(): Validate {
  const require = createRequire(join(descriptionDir, 'package.json'));
  const Ajv = require('ajv').default;
  const options = JSON.parse(readFileSync(join(descriptionDir, 'schema/ajv-options.json'), 'utf8'));
  const schema = JSON.parse(readFileSync(join(descriptionDir, 'schema/system.schema.json'), 'utf8'));
  return new Ajv({ ...options, code: { optimize: false } }).compile(schema);
}

function exampleDocs(dir = join(root, 'examples')): unknown[] {
  const out: unknown[] = [];
  for (const f of readdirSync(dir)) {
    const path = join(dir, f);
    if (statSync(path).isDirectory()) out.push(...exampleDocs(path));
    else if (f.endsWith('.json') && !f.endsWith('.bg.json') && !f.endsWith('.eqn.json') && f !== 'index.json' && f !== 'formulation-cases.json') out.push(JSON.parse(readFileSync(path, 'utf8')));
  }
  return out;
}

const FIELDS = ['id', 'kind', 'from', 'to', 'value', 'law', 'domain', 'label', 'ports', 'ratio', 'between', 'coupling', 'charge', 'name', 'node', 'element', 'variable', 'port', 'ground', 'elements', 'outputs', 'parameters', 'extra'];
const VALUES: unknown[] = ['', 'g', 'x'.repeat(201), 'resistor', 'capacitr', 'transformer', 'electrical', 'magnetic', 1, -1, 0.5, null, true, [], {}, [1, 2], ['a', 'b'], { charge: 'C*v' }, { other: 1 }, [{ from: 'a', to: 'g' }]];

/** Every object inside a value (the value first). */
function objects(v: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (v !== null && typeof v === 'object') {
    if (!Array.isArray(v)) out.push(v as Record<string, unknown>);
    for (const c of Object.values(v)) objects(c, out);
  }
  return out;
}

function mutated(base: unknown, next: () => number): unknown {
  const doc = JSON.parse(JSON.stringify(base)) as unknown;
  const edits = 1 + Math.floor(next() * 3);
  for (let k = 0; k < edits; k++) {
    const all = objects(doc);
    const target = all[Math.floor(next() * all.length)];
    const keys = Object.keys(target);
    const r = next();
    if (r < 0.3 && keys.length > 0) delete target[keys[Math.floor(next() * keys.length)]];
    else if (r < 0.7 && keys.length > 0) target[keys[Math.floor(next() * keys.length)]] = structuredClone(VALUES[Math.floor(next() * VALUES.length)]);
    else target[FIELDS[Math.floor(next() * FIELDS.length)]] = structuredClone(VALUES[Math.floor(next() * VALUES.length)]);
  }
  return doc;
}

describe('the standalone schema validator of the bundle', { timeout: 120_000 }, () => {
  it('answers and reports as ajv compiling the schema at run time', async () => {
    const standalone = await standaloneValidator();
    const runtime = runtimeValidator();
    const examples = exampleDocs();
    expect(examples.length).toBeGreaterThan(20);
    // seeded: the same corpus on every run
    const next = seededRandom(20261127);
    const docs = [...examples, null, [], 'text', 42, ...Array.from({ length: 1500 }, () => mutated(examples[Math.floor(next() * examples.length)], next))];
    let invalid = 0;
    for (const [k, doc] of docs.entries()) {
      const a = runtime(doc);
      expect(standalone(doc), `document ${k}`).toBe(a);
      if (!a) {
        invalid++;
        expect(standalone.errors, `document ${k}: ${JSON.stringify(doc)}`).toEqual(runtime.errors);
      }
    }
    // both answers are exercised
    expect(invalid).toBeGreaterThan(300);
    expect(invalid).toBeLessThan(docs.length - examples.length);
  });

  it('gives the command the errors the sources find', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sysgraph-schema-'));
    try {
      const doc = { name: 'bad', elements: [{ id: 'R1', kind: 'resistor', from: 'a', to: 'g', value: 1, bogus: 1 }, { id: 'C1', kind: 'capacitr', from: 'a', to: 'g', value: 1 }, { id: 'V', kind: 'voltage-source', from: 'a' }], outputs: [{ element: 'R1', variable: 'both' }] };
      const file = join(dir, 'bad.json');
      writeFileSync(file, JSON.stringify(doc));
      const expected = createSchemaValidator().validate(doc);
      expect(expected.length).toBeGreaterThanOrEqual(4);
      const run = spawnSync(process.execPath, [join(root, 'packages/cli/bin/sysgraph.mjs'), 'structure', file], { cwd: root, encoding: 'utf8' });
      expect(run.status).toBe(1);
      const lines = run.stderr.trim().split('\n').filter((l) => l.startsWith('error ['));
      expect(lines).toHaveLength(expected.length);
      for (const [k, e] of expected.entries()) {
        expect(lines[k]).toContain(`[${e.code}]`);
        expect(lines[k]).toContain(e.message);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
