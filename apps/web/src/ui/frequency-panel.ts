/**
 * The frequency panel: Bode magnitude (dB) and phase (degrees) against log ω for every output–input pair (one
 * chart each, a series per pair), the poles and zeros in the complex plane, and the poles listed as text. Redrawn
 * with every answer of a linear time-invariant model; a note otherwise.
 */
import type { FrequencyView } from '../engine/protocol';
import { bodeChart } from './bode-chart';
import { el, replaceChildren } from './dom';
import { poleZeroPlot } from './pole-zero-plot';

export interface FrequencyPanel {
  render(f: FrequencyView | undefined, why: string): void;
}

const short = (v: number) => String(Number(v.toPrecision(5)));

export function createFrequencyPanel(host: HTMLElement): FrequencyPanel {
  const magnitude = bodeChart('|H| (dB)');
  const phase = bodeChart('arg H (°)');
  const plane = el('div', { class: 'pole-zero-box', id: 'pole-zero' });
  const poleList = el('ul', { class: 'pole-list', id: 'pole-list' });
  const note = el('p', { class: 'note', hidden: true });
  const charts = el('div', { class: 'bode', id: 'bode' }, magnitude.node, phase.node);
  host.replaceChildren(note, el('div', { class: 'frequency-layout' }, charts, el('div', { class: 'plane' }, plane, poleList)));
  return {
    render(f, why) {
      host.hidden = false;
      note.hidden = f !== undefined && f.pairs.length > 0;
      if (!f) {
        note.textContent = why;
        charts.hidden = true;
        replaceChildren(plane);
        replaceChildren(poleList);
        return;
      }
      note.textContent = f.pairs.length === 0 ? 'No inputs or no outputs: no frequency response; the poles are below.' : '';
      charts.hidden = f.pairs.length === 0;
      if (f.pairs.length > 0) {
        const label = (p: FrequencyView['pairs'][number]) => `${p.output} / ${p.input}`;
        magnitude.update(f.omega, f.pairs.map((p) => ({ label: label(p), values: p.magnitudeDb })));
        phase.update(f.omega, f.pairs.map((p) => ({ label: label(p), values: p.phaseDeg })));
        charts.dataset.pairs = JSON.stringify(f.pairs.map(label));
        charts.dataset.omega = JSON.stringify([f.omega[0], f.omega[f.omega.length - 1]]);
        // per pair: |H| at the lowest ω, and the peak [ω, dB] (readable by tools and tests)
        charts.dataset.lowDb = JSON.stringify(f.pairs.map((p) => p.magnitudeDb[0]));
        charts.dataset.peak = JSON.stringify(f.pairs.map((p) => {
          let k = 0;
          p.magnitudeDb.forEach((m, i) => {
            if (m > p.magnitudeDb[k]) k = i;
          });
          return [f.omega[k], p.magnitudeDb[k]];
        }));
      }
      const zeros = f.zeros.flatMap((p) => p.zeros.map((z) => ({ pair: `${p.output} / ${p.input}`, z })));
      replaceChildren(plane, poleZeroPlot(f.poles, zeros));
      replaceChildren(poleList, ...f.poles.map((p) => el('li', {}, `pole ${short(p.re)} ${p.im < 0 ? '−' : '+'} ${short(Math.abs(p.im))} j`)));
    },
  };
}
