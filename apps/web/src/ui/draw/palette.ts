/**
 * The palette: every kind the description accepts (ELEMENT_KINDS of @sysgraph/description, aliases included,
 * each after the kind it aliases), grouped by domain, then the generic kinds, two-ports and mutual inductances.
 * Shown as a <select> with one <optgroup> per group: reachable and operable by keyboard, read by screen readers.
 */
import { ELEMENT_KINDS } from '@sysgraph/description';
import type { ElementKindInfo } from '@sysgraph/description';
import { el } from '../dom';

export interface PaletteGroup {
  readonly label: string;
  readonly kinds: readonly ElementKindInfo[];
}

const DOMAIN_LABELS: readonly (readonly [string, string])[] = [
  ['electrical', 'Electrical'],
  ['translational', 'Mechanical translation'],
  ['rotational', 'Mechanical rotation'],
  ['fluid', 'Fluid'],
  ['thermal', 'Thermal'],
];

function groupKey(k: ElementKindInfo): string {
  if (k.family === 'two-port') return 'two-port';
  if (k.family === 'mutual') return 'mutual';
  return ('domain' in k && k.domain) || 'generic';
}

export const PALETTE: readonly PaletteGroup[] = [
  ...DOMAIN_LABELS.map(([d, label]) => ({ label, kinds: ELEMENT_KINDS.filter((k) => groupKey(k) === d) })),
  { label: 'Generic (domain chosen per element)', kinds: ELEMENT_KINDS.filter((k) => groupKey(k) === 'generic') },
  { label: 'Two-ports (transformer, gyrator)', kinds: ELEMENT_KINDS.filter((k) => groupKey(k) === 'two-port') },
  { label: 'Mutual inductance', kinds: ELEMENT_KINDS.filter((k) => groupKey(k) === 'mutual') },
];

/** The kinds of one family, for the element form (a kind changes only within its family). */
export function paletteOf(filter?: (k: ElementKindInfo) => boolean): readonly PaletteGroup[] {
  return PALETTE.map((g) => ({ label: g.label, kinds: filter ? g.kinds.filter(filter) : g.kinds })).filter((g) => g.kinds.length > 0);
}

const optionText = (k: ElementKindInfo) => `${k.kind}${k.aliasOf ? ` (= ${k.aliasOf})` : ''} — ${k.value}${k.unit ? ` [${k.unit}]` : ''}`;

export function paletteSelect(attrs: Record<string, string>, groups: readonly PaletteGroup[] = PALETTE, selected?: string): HTMLSelectElement {
  const select = el('select', attrs) as HTMLSelectElement;
  for (const g of groups) select.appendChild(el('optgroup', { label: g.label }, ...g.kinds.map((k) => el('option', { value: k.kind, selected: k.kind === selected ? '' : undefined }, optionText(k)))));
  if (selected) select.value = selected;
  return select;
}
