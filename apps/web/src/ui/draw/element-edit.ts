/**
 * New elements and the checking of an element form, by the description's own reader: the candidate document
 * (the element put in place) goes through parseSystem, and the errors that name this element in a field the
 * form edits (id, kind, value, law, ratio, domain, coupling) are the form's inline errors. Errors about the
 * rest of a half-drawn graph (a dangling node, a missing ground) do not block the form: they are the editor's.
 */
import { SysgraphErrors, isSysgraphError } from '@sysgraph/core';
import { elementKind } from '@sysgraph/description';
import { parseSystem } from '@sysgraph/description';
import { elementsOf, endsOf, replaceElement, addElement, uniqueName } from './doc-model';
import type { Json, JsonObject } from './doc-model';

export interface FormError {
  readonly code: string;
  readonly field: string;
  readonly message: string;
  readonly expected?: string;
}

/** The fields an element form edits: errors in these block it. */
const FORM_FIELDS = /^(id|kind|value|law|ratio|domain|coupling|ports\[\d\]\.domain)(\b|$)/;

/** A number when the text is a plain decimal number, else the text (an expression or a parameter's name). */
export function valueFromText(text: string): Json {
  const t = text.trim();
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t) && Number.isFinite(Number(t)) ? Number(t) : t;
}

export const valueText = (v: Json | undefined): string => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v));

const PREFIX: Readonly<Record<string, string>> = {
  A: 'C', T: 'L', D: 'R', E: 'E', J: 'J', 'two-port': 'TP', mutual: 'M',
};
const WORD_PREFIX: Readonly<Record<string, string>> = {
  capacitor: 'C', inductor: 'L', resistor: 'R', mass: 'm', inertia: 'J', spring: 'k', damper: 'b', transformer: 'TF', gyrator: 'GY',
  'voltage-source': 'Vs', 'current-source': 'Is', 'force-source': 'F', 'torque-source': 'T', 'velocity-source': 'v', 'pressure-source': 'P', 'flow-source': 'Q',
};

const DOMAIN_OF_FIELD = (doc: JsonObject, node: string): string | undefined => {
  for (const e of elementsOf(doc)) {
    const info = typeof e.kind === 'string' ? elementKind(e.kind) : undefined;
    for (const b of endsOf(e)) {
      if (b.from !== node && b.to !== node) continue;
      if (b.port !== undefined && Array.isArray(e.ports)) {
        const p = e.ports[b.port];
        if (p && typeof p === 'object' && !Array.isArray(p) && typeof p.domain === 'string') return p.domain;
      } else if (info && 'domain' in info && info.domain) return info.domain;
      else if (typeof e.domain === 'string') return e.domain;
    }
  }
  return undefined;
};

export interface Ends {
  readonly from: string;
  readonly to: string;
  /** The second port of a two-port. */
  readonly from2?: string;
  readonly to2?: string;
}

/**
 * A new element of a kind between nodes: a unique id from the kind (R1, C2, Vs1, TF1 …), value 1 (ratio 1
 * for a two-port; a source's value 1, a constant input), a generic kind's domain electrical, a two-port's port
 * domains those of elements already at its nodes (electrical when there is none).
 */
export function newElement(doc: JsonObject, kind: string, ends: Ends): JsonObject {
  const info = elementKind(kind);
  const family = info?.family ?? 'one-port';
  const cls = info && 'type' in info ? info.type : family;
  const base = WORD_PREFIX[info?.aliasOf ?? kind] ?? WORD_PREFIX[kind.replace(/^(translational|torsional|rotational|fluid|thermal)-/, '')] ?? PREFIX[cls] ?? 'X';
  const id = uniqueName(elementsOf(doc).map((e) => String(e.id)), base);
  if (family === 'two-port') {
    const domain = (a: string, b: string) => DOMAIN_OF_FIELD(doc, a) ?? DOMAIN_OF_FIELD(doc, b) ?? 'electrical';
    return {
      id,
      kind,
      ports: [
        { from: ends.from, to: ends.to, domain: domain(ends.from, ends.to) },
        { from: ends.from2 ?? ends.from, to: ends.to2 ?? ends.to, domain: domain(ends.from2 ?? ends.from, ends.to2 ?? ends.to) },
      ],
      ratio: 1,
    };
  }
  if (family === 'mutual') {
    const inductors = elementsOf(doc).filter((e) => typeof e.kind === 'string' && elementKind(e.kind)?.family === 'one-port' && (elementKind(e.kind) as { type?: string }).type === 'T');
    return { id, kind, between: inductors.slice(0, 2).map((e) => String(e.id)), value: 1 };
  }
  const element: JsonObject = { id, kind, from: ends.from, to: ends.to, value: 1 };
  if (info && !('domain' in info && info.domain)) element.domain = 'electrical';
  return element;
}

function parseErrors(doc: JsonObject): readonly { code: string; element?: string; field?: string; message: string; expected?: string }[] {
  try {
    parseSystem(doc);
    return [];
  } catch (e) {
    if (e instanceof SysgraphErrors) return e.errors;
    if (isSysgraphError(e)) return [e];
    return [{ code: 'internal', message: e instanceof Error ? e.message : String(e) }];
  }
}

/** The errors of the form's fields when `element` takes the place of `oldId` (or is added, without one). */
export function checkElement(doc: JsonObject, oldId: string | undefined, element: JsonObject): FormError[] {
  const candidate = oldId === undefined ? addElement(doc, element) : replaceElement(doc, oldId, element);
  const id = String(element.id);
  return parseErrors(candidate)
    .filter((e) => e.element === id && e.field !== undefined && FORM_FIELDS.test(e.field))
    .map((e) => ({ code: e.code, field: e.field!, message: e.message, expected: e.expected }));
}
