/**
 * The bundle is ASCII (bin/bundle.mjs, asciiOnly) so that the launcher reads it as one-byte text: the escapes keep
 * the program's meaning in regular expressions (with and without the u flag, characters beyond the BMP included),
 * strings and identifiers; a bundle with other bytes is still read as UTF-8 (bin/launch.cjs).
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: a plain ES module of the bin folder, without declarations
import { asciiOnly, buildBundle, bundleIsFresh, BUNDLE } from '../bin/bundle.mjs';
// @ts-expect-error: a plain ES module of the bin folder, without declarations
import { runBundle } from '../bin/run-bundle.mjs';

const ascii = (text: string) => [...text].every((c) => c.charCodeAt(0) < 128);

describe('the ASCII bundle', { timeout: 120_000 }, () => {
  it('escapes every character outside ASCII without changing what the code does', () => {
    const program = [
      'const δ = "αβ😀" + `γ${1}`;',
      'const greek = (s) => s.replace(/α/g, "\\\\alpha ").replace(/[θΓ]/g, "!");',
      'return [δ, greek("α θ Γ a"), Array.from(/^([A-Z])([αθΓ])_(.+)$/.exec("Kθ_1")), /😀+/u.test("😀😀"), /^.$/u.test("😀"), /[😀]/u.exec("x😀")?.index, "😀".length];',
    ].join('\n');
    const escaped = asciiOnly(program);
    expect(ascii(escaped)).toBe(true);
    expect(escaped).not.toBe(program);
    expect(new Function(escaped)()).toEqual(new Function(program)());
    expect(new Function(escaped)()).toEqual(['αβ😀γ1', '\\alpha  ! ! a', ['Kθ_1', 'K', 'θ', '1'], true, true, 1, 2]);
  });

  it('is ASCII as built, and a bundle that is not runs as UTF-8', async () => {
    if (!bundleIsFresh()) await buildBundle();
    expect(ascii(readFileSync(fileURLToPath(BUNDLE), 'latin1'))).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'sysgraph-ascii-'));
    try {
      const file = join(dir, 'main.cjs');
      writeFileSync(file, 'module.exports = { text: "αβ😀", match: /[θΓ]/.test("Γ") };\n');
      expect(runBundle(file, { useCache: false })).toEqual({ text: 'αβ😀', match: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
