/**
 * The parameter slider: pick a parameter, move the slider over a decade either side of its value in the description
 * (log scale, 200 steps); each move sets the setting paramValues, so the matrices, the plot and the poles are
 * redrawn from the engine's answer (the worker answers the newest request only). "Reset" returns to the description.
 */
import type { Settings } from '../engine/settings';
import { el } from './dom';

export interface ParameterSlider {
  readonly node: HTMLElement;
  render(parameters: readonly { readonly name: string; readonly value: number }[] | undefined, settings: Settings, system: string): void;
}

const STEPS = 200;
const short = (v: number) => String(Number(v.toPrecision(4)));

export function parameterSlider(onSettings: (patch: Partial<Settings>) => void): ParameterSlider {
  const pick = el('select', { id: 'slider-parameter', 'aria-label': 'parameter to vary' });
  const range = el('input', { type: 'range', id: 'slider-range', min: 0, max: STEPS, step: 1, 'aria-label': 'parameter value (log scale, a decade either side)' });
  const shown = el('output', { id: 'slider-value', for: 'slider-range' });
  const reset = el('button', { type: 'button', id: 'slider-reset' }, 'Reset');
  const node = el('div', { class: 'parameter-slider', hidden: true }, el('span', { class: 'seg-name' }, 'Vary'), pick, range, shown, reset);
  /** The description's own values (before any slider move), per system. */
  let base = new Map<string, number>();
  let system = '';
  let current: Settings | undefined;
  const valueAt = (name: string, step: number) => {
    const b = base.get(name) ?? 1;
    return b * Math.pow(10, (2 * step) / STEPS - 1);
  };
  const stepOf = (name: string, v: number) => {
    const b = base.get(name) ?? 1;
    return Math.round(((Math.log10(v / b) + 1) * STEPS) / 2);
  };
  range.addEventListener('input', () => {
    const name = pick.value;
    if (!name || !current) return;
    const v = valueAt(name, Number(range.value));
    shown.textContent = `${name} = ${short(v)}`;
    onSettings({ paramValues: { ...current.paramValues, [name]: v } });
  });
  pick.addEventListener('change', () => {
    const name = pick.value;
    const v = current?.paramValues[name] ?? base.get(name) ?? 1;
    range.value = String(stepOf(name, v));
    shown.textContent = `${name} = ${short(v)}`;
  });
  reset.addEventListener('click', () => onSettings({ paramValues: {} }));
  return {
    node,
    render(parameters, settings, name) {
      current = settings;
      const usable = (parameters ?? []).filter((p) => p.value !== 0);
      node.hidden = usable.length === 0;
      if (name !== system || Object.keys(settings.paramValues).length === 0) {
        // a new system, or its own values: the slider's centre is the description's value
        base = new Map(usable.map((p) => [p.name, p.value]));
        system = name;
      }
      for (const p of usable) if (!base.has(p.name)) base.set(p.name, p.value);
      const names = usable.map((p) => p.name);
      if (JSON.stringify([...pick.options].map((o) => o.value)) !== JSON.stringify(names)) pick.replaceChildren(...names.map((n) => el('option', { value: n }, n)));
      const chosen = names.includes(pick.value) ? pick.value : names[0];
      if (!chosen) return;
      pick.value = chosen;
      const v = usable.find((p) => p.name === chosen)!.value;
      if (document.activeElement !== range) range.value = String(stepOf(chosen, v));
      shown.textContent = `${chosen} = ${short(v)}`;
    },
  };
}
