/**
 * frequencyHtml: the self-contained page of the frequency-domain views (`sysgraph analyze --bode/--poles
 * --plot FILE.html`): a Bode diagram per input–output pair (magnitude in dB and phase in degrees against log ω,
 * uPlot inlined as in plot-html.ts) and the pole–zero map in the complex plane (SVG: poles ×, zeros ○ in the
 * colour of their pair), with the values listed.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Complex } from '@sysgraph/analysis';
import { PALETTE } from './plot-html';

const require = createRequire(import.meta.url);
const asset = (path: string) => readFileSync(require.resolve(path), 'utf8');
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface BodePair {
  /** "output / input". */
  readonly label: string;
  readonly magnitudeDb: ArrayLike<number>;
  readonly phaseDeg: ArrayLike<number>;
}

export interface ZeroSet {
  readonly label: string;
  /** undefined: H ≡ 0 (or not computed). */
  readonly zeros: readonly Complex[] | undefined;
}

export interface FrequencyPage {
  readonly title: string;
  readonly bode?: { readonly omega: ArrayLike<number>; readonly pairs: readonly BodePair[] };
  readonly poleZero?: { readonly poles: readonly Complex[]; readonly zeros: readonly ZeroSet[] };
}

const fmt = (z: Complex) => {
  const r = Number(z.re.toPrecision(6));
  const i = Number(Math.abs(z.im).toPrecision(6));
  return z.im === 0 ? `${r}` : `${r} ${z.im < 0 ? '−' : '+'} ${i}j`;
};

/** The pole–zero map as SVG: equal scales on both axes, the origin always shown, a 10 % margin. */
export function poleZeroSvg(poles: readonly Complex[], zeros: readonly ZeroSet[], size = 520): string {
  const all = [...poles, ...zeros.flatMap((z) => z.zeros ?? [])].filter((z) => Number.isFinite(z.re) && Number.isFinite(z.im));
  const reach = Math.max(1e-12, ...all.map((z) => Math.max(Math.abs(z.re), Math.abs(z.im)))) * 1.15;
  const px = (x: number) => size / 2 + (x / reach) * (size / 2 - 30);
  const py = (y: number) => size / 2 - (y / reach) * (size / 2 - 30);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img" aria-label="pole-zero map">`,
    `<rect width="${size}" height="${size}" fill="#fff" stroke="#ccd"/>`,
    `<line x1="10" y1="${py(0)}" x2="${size - 10}" y2="${py(0)}" stroke="#999"/><line x1="${px(0)}" y1="10" x2="${px(0)}" y2="${size - 10}" stroke="#999"/>`,
    `<text x="${size - 14}" y="${py(0) - 6}" text-anchor="end" font-size="12">Re s</text><text x="${px(0) + 6}" y="22" font-size="12">Im s</text>`,
    `<text x="${px(reach / 1.15)}" y="${py(0) + 16}" text-anchor="end" font-size="11">${Number((reach / 1.15).toPrecision(3))}</text>`,
  ];
  for (const p of poles) {
    const [x, y] = [px(p.re), py(p.im)];
    parts.push(`<path d="M${x - 6} ${y - 6}L${x + 6} ${y + 6}M${x - 6} ${y + 6}L${x + 6} ${y - 6}" stroke="#1d2430" stroke-width="2"><title>pole ${fmt(p)}</title></path>`);
  }
  zeros.forEach((set, k) => {
    for (const z of set.zeros ?? []) {
      parts.push(`<circle cx="${px(z.re)}" cy="${py(z.im)}" r="${7 + 2 * (k % 3)}" fill="none" stroke="${PALETTE[k % PALETTE.length]}" stroke-width="2"><title>zero of ${escapeHtml(set.label)}: ${fmt(z)}</title></circle>`);
    }
  });
  parts.push('</svg>');
  return parts.join('\n');
}

export function frequencyHtml(page: FrequencyPage): string {
  const bode = page.bode
    ? { omega: Array.from(page.bode.omega), pairs: page.bode.pairs.map((p) => ({ label: p.label, mag: Array.from(p.magnitudeDb, (x) => (Number.isFinite(x) ? x : null)), phase: Array.from(p.phaseDeg, (x) => (Number.isFinite(x) ? x : null)) })) }
    : null;
  const json = JSON.stringify(bode).replace(/</g, '\\u003c');
  const pz = page.poleZero;
  const pzSection = pz
    ? `<h2>Poles and zeros</h2><div class="pz">${poleZeroSvg(pz.poles, pz.zeros)}<div><p><b>×</b> poles (eigenvalues of A): ${pz.poles.map(fmt).join(', ') || '(none)'}</p>${pz.zeros
        .map((z, k) => `<p><span style="color:${PALETTE[k % PALETTE.length]}">○</span> zeros of ${escapeHtml(z.label)}: ${z.zeros === undefined ? 'none (H ≡ 0)' : z.zeros.map(fmt).join(', ') || 'none (finite)'}</p>`)
        .join('')}</div></div>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(page.title)}</title>
<style>${asset('uplot/dist/uPlot.min.css')}
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1d2430}h1{font-size:18px;font-weight:600}h2{font-size:16px;font-weight:600}
.chart{margin:8px 0 24px}.pz{display:flex;gap:24px;flex-wrap:wrap;align-items:flex-start}</style></head>
<body><h1>${escapeHtml(page.title)}</h1>
${bode ? '<h2>Bode diagrams</h2><p>Magnitude in dB and phase in degrees against ω in rad/s (log scale). Drag to zoom, double-click to reset.</p><div id="bode"></div>' : ''}
${pzSection}
<script>${asset('uplot/dist/uPlot.iife.min.js')}</script>
<script>
const d = ${json};
if (d) {
  const host = document.getElementById('bode');
  const width = Math.min(1000, window.innerWidth - 48);
  for (const p of d.pairs) {
    const h = document.createElement('h3'); h.textContent = p.label; host.appendChild(h);
    for (const [values, axis, colour] of [[p.mag, '|H| [dB]', '#1f77b4'], [p.phase, 'arg H [°]', '#d62728']]) {
      const div = document.createElement('div'); div.className = 'chart'; host.appendChild(div);
      new uPlot({ width, height: 240, scales: { x: { time: false, distr: 3 } },
        series: [{ label: 'ω [rad/s]' }, { label: axis, stroke: colour, width: 1.5 }],
        axes: [{ label: 'ω [rad/s]' }, { label: axis }] }, [d.omega, values], div);
    }
  }
}
</script></body></html>
`;
}
