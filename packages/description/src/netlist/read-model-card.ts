/**
 * `.model NAME TYPE [(] param=value … [)]` (ngspice manual section 2.3): the model's name (any case, unique),
 * its type and, for a diode model (type D), the parameters IS (default 1e-14 A) and N (default 1); LEVEL=1 is
 * accepted; RS, CJO (CJ0, CJ) and TT only at 0, their default; any other diode parameter is `unsupported`,
 * naming the card and the parameter. A model of another type (NPN, NMOS, SW, …) is kept by name: a D card that
 * names it is an error, and no other card can use it (the reader has no such devices), as SPICE ignores an
 * unused model. Cost: O(length of the card).
 */
import { DIODE_DEFAULTS, DIODE_PARAMETERS, DIODE_ZERO_PARAMETERS } from './diode-model';
import { CLOSE, EQUALS, OPEN, fail, isChar, tokenText } from './netlist-context';
import type { NetlistContext } from './netlist-context';
import { NUMBER_EXPECTED } from './read-element-card';
import { parseSpiceNumber } from './spice-number';

const SUPPORTED = 'IS and N (LEVEL=1; RS, CJO, TT only at 0)';

export function readModelCard(ctx: NetlistContext, first: number, last: number, line: number): void {
  if (first + 2 >= last || isChar(ctx, first + 1, OPEN) || isChar(ctx, first + 1, EQUALS)) {
    fail(ctx, 'bad-netlist', line, '.model needs a name and a type', {
      element: '.model',
      field: first + 1 >= last ? 'name' : 'type',
      expected: '.model NAME D(IS=… N=…)',
    });
    return;
  }
  const name = tokenText(ctx, first + 1);
  const key = name.toLowerCase();
  const type = tokenText(ctx, first + 2).toLowerCase();
  const known = ctx.models.get(key);
  if (known !== undefined) {
    fail(ctx, 'bad-netlist', line, `.model ${name}: a second model of that name (the first is on line ${known.line})`, {
      element: name,
      field: 'name',
      expected: 'model names unique (SPICE names ignore case)',
    });
    return;
  }
  if (type !== 'd') {
    ctx.models.set(key, { name, type, line });
    return;
  }
  // Registered before its parameters are read: a D card naming a model with errors is not reported again.
  ctx.models.set(key, { name, type, line });
  const values = new Map<string, number>();
  let t = first + 3;
  let open = false;
  if (t < last && isChar(ctx, t, OPEN)) {
    open = true;
    t++;
  }
  let ok = true;
  while (t < last && ok) {
    if (open && isChar(ctx, t, CLOSE)) {
      if (t + 1 < last) {
        fail(ctx, 'bad-netlist', line, `.model ${name}: unexpected "${tokenText(ctx, t + 1)}" after ")"`, { element: name, field: 'parameters', expected: 'nothing after the closing parenthesis' });
        return;
      }
      open = false;
      t++;
      break;
    }
    const parameter = tokenText(ctx, t).toLowerCase();
    if (t + 2 >= last || !isChar(ctx, t + 1, EQUALS) || isChar(ctx, t, OPEN) || isChar(ctx, t, CLOSE) || isChar(ctx, t, EQUALS)) {
      fail(ctx, 'bad-netlist', line, `.model ${name}: expected name=value, got "${tokenText(ctx, t)}"`, { element: name, field: parameter, expected: 'parameters as name=value' });
      return;
    }
    const x = parseSpiceNumber(ctx.text, ctx.tokens.start[t + 2], ctx.tokens.end[t + 2]);
    if (Number.isNaN(x)) {
      fail(ctx, 'bad-netlist', line, `.model ${name}: ${parameter}="${tokenText(ctx, t + 2)}" is not a value`, { element: name, field: parameter, expected: NUMBER_EXPECTED });
      return;
    }
    ok = checkParameter(ctx, name, parameter, x, line);
    values.set(parameter, x);
    t += 3;
  }
  if (!ok) return;
  if (open) {
    fail(ctx, 'bad-netlist', line, `.model ${name}: "(" without ")"`, { element: name, field: 'parameters', expected: 'a closing parenthesis' });
    return;
  }
  const is = values.get('is') ?? DIODE_DEFAULTS.is;
  const n = values.get('n') ?? DIODE_DEFAULTS.n;
  ctx.models.set(key, { name, type, line, diode: { is, n } });
}

/** Whether a diode parameter is one this reader supports at this value; records the error if not. */
function checkParameter(ctx: NetlistContext, name: string, parameter: string, x: number, line: number): boolean {
  if (DIODE_PARAMETERS.has(parameter)) {
    if (parameter === 'level') {
      if (x === 1) return true;
      fail(ctx, 'unsupported', line, `.model ${name}: diode level ${x} is not supported`, { element: name, field: 'level', expected: 'LEVEL=1 (or none)' });
      return false;
    }
    if (x > 0 && Number.isFinite(x)) return true;
    fail(ctx, 'non-positive-value', line, `.model ${name}: ${parameter.toUpperCase()} must be positive, got ${x}`, {
      element: name,
      field: parameter,
      expected: `${parameter.toUpperCase()} > 0`,
      elements: [],
    });
    return false;
  }
  if (DIODE_ZERO_PARAMETERS.has(parameter) && x === 0) return true;
  fail(ctx, 'unsupported', line, `.model ${name}: the diode parameter ${parameter.toUpperCase()}${DIODE_ZERO_PARAMETERS.has(parameter) ? ` = ${x}` : ''} is not supported`, {
    element: name,
    field: parameter,
    expected: `diode parameters ${SUPPORTED}`,
  });
  return false;
}
