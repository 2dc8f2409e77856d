import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkFormula, evaluateExpression, findMetricCycle, formulaText, formulaTokens, measureRefKey, parseFormula, printFormula, tokenMeasures,
  type Expression, type FormulaToken, type MeasureRef,
} from './formula.js';

const census = (key: string): MeasureRef => ({ source: 'census', key });
const m = (key: string): FormulaToken => ({ type: 'measure', measure: census(key) });
const v = (value: number): FormulaToken => ({ type: 'value', value });
const op = (value: '+' | '-' | '*' | '/' | '(' | ')'): FormulaToken => ({ type: 'operator', value });

/** Tokens from a compact text: names are census measures, numbers values, the rest operators. */
const tokens = (text: string): FormulaToken[] => text.split(/\s+/).filter(Boolean).map((word) => {
  if (/^\d+(\.\d+)?$/.test(word)) return v(Number(word));
  if (/^[a-z_]\w*$/.test(word)) return m(word);
  return op(word as '+');
});

const valueOf = (values: Record<string, number | null>) => (measure: MeasureRef) =>
  (measure.source === 'census' ? values[measure.key] ?? null : null);

const evaluate = (text: string, values: Record<string, number | null> = {}) => {
  const parsed = parseFormula(tokens(text));
  if (!parsed.ok) throw new Error(`does not parse at ${parsed.at}`);
  return evaluateExpression(parsed.expression, valueOf(values));
};

describe('parseFormula', () => {
  it('multiplies and divides before adding and subtracting, left to right', () => {
    expect(evaluate('2 + 3 * 4')).toBe(14);
    expect(evaluate('( 2 + 3 ) * 4')).toBe(20);
    expect(evaluate('10 - 4 - 3')).toBe(3);
    expect(evaluate('48 / 4 / 2')).toBe(6);
    expect(evaluate('10 - 2 * 3 + 8 / 4')).toBe(6);
  });

  it('reads a unary minus on a value, a measure or a parenthesis, also after an operator', () => {
    expect(evaluate('- 3 + 5')).toBe(2);
    expect(evaluate('4 * - population', { population: 2 })).toBe(-8);
    expect(evaluate('- ( 1 + 2 ) * 2')).toBe(-6);
    expect(evaluate('- - 3')).toBe(3);
  });

  it('refuses what does not make an expression, naming the first token that does not fit', () => {
    expect(parseFormula(tokens('2 +'))).toEqual({ ok: false, at: 2 });
    expect(parseFormula(tokens('* 2'))).toEqual({ ok: false, at: 0 });
    expect(parseFormula(tokens('( 2 + 3'))).toEqual({ ok: false, at: 4 });
    expect(parseFormula(tokens('2 + 3 )'))).toEqual({ ok: false, at: 3 });
    expect(parseFormula(tokens('population restaurants'))).toEqual({ ok: false, at: 1 });
    expect(parseFormula(tokens('( )'))).toEqual({ ok: false, at: 1 });
    expect(parseFormula([])).toEqual({ ok: false, at: 0 });
  });
});

describe('evaluateExpression', () => {
  it('gives a ratio of measures', () => {
    expect(evaluate('population / restaurants', { population: 12_000, restaurants: 30 })).toBe(400);
    expect(evaluate('customers / households * 1000', { customers: 45, households: 9000 })).toBe(5);
  });

  it('has no value for a division by zero, a measure without data, or an overflow: never Infinity or NaN', () => {
    expect(evaluate('population / restaurants', { population: 12_000, restaurants: 0 })).toBeNull();
    expect(evaluate('population / restaurants', { population: 12_000, restaurants: null })).toBeNull();
    expect(evaluate('0 / 0')).toBeNull();
    expect(evaluate('population * population', { population: 1e200 })).toBeNull();
  });
});

describe('checkFormula', () => {
  it('names unknown measures once each, after the formula parses', () => {
    const known = new Set(['census:population']);
    const check = checkFormula(tokens('population / shops + shops'), (measure) => known.has(measureRefKey(measure)));
    expect(check).toEqual({ ok: false, reason: 'unknownMeasures', unknown: [census('shops')] });
    expect(checkFormula(tokens('population /'), () => false)).toEqual({ ok: false, reason: 'incorrect', at: 2 });
    const ok = checkFormula(tokens('population / 2'), (measure) => known.has(measureRefKey(measure)));
    expect(ok.ok && ok.measures).toEqual([census('population')]);
  });

  it('keys measures of every source apart', () => {
    const keys = [
      census('population'), { source: 'poi', searchId: '12' }, { source: 'metric', metricId: 'a' },
      { source: 'client_dataset', datasetId: 'd', method: 'sum', column: 'sales' },
      { source: 'client_dataset', datasetId: 'd', method: 'average', column: 'sales' },
      { source: 'client_dataset', datasetId: 'd', method: 'count' },
    ].map((ref) => measureRefKey(ref as MeasureRef));
    expect(new Set(keys).size).toBe(keys.length);
    expect(tokenMeasures(tokens('a + a * b'))).toEqual([census('a'), census('b')]);
  });
});

describe('formulaTokens schema', () => {
  it('accepts the tokens of the API contract and refuses others', () => {
    expect(formulaTokens.safeParse([{ type: 'measure', measure: { source: 'census', key: 'population' } }, { type: 'operator', value: '/' }, { type: 'value', value: 1000 }]).success).toBe(true);
    expect(formulaTokens.safeParse([{ type: 'operator', value: '^' }]).success).toBe(false);
    expect(formulaTokens.safeParse([{ type: 'value', value: Number.POSITIVE_INFINITY }]).success).toBe(false);
    expect(formulaTokens.safeParse([]).success).toBe(false);
    // A sum or an average is of a column; a count is not.
    expect(formulaTokens.safeParse([{ type: 'measure', measure: { source: 'client_dataset', datasetId: 'd', method: 'sum' } }]).success).toBe(false);
    expect(formulaTokens.safeParse([{ type: 'measure', measure: { source: 'client_dataset', datasetId: 'd', method: 'count' } }]).success).toBe(true);
  });
});

describe('formulaText', () => {
  it('writes the formula as a reader does, in the locale', () => {
    const names: Record<string, string> = { population: 'Population', restaurants: 'Restaurants' };
    const nameOf = (measure: MeasureRef) => (measure.source === 'census' ? names[measure.key] ?? measure.key : '?');
    expect(formulaText(tokens('( population - 1000 ) / restaurants * 1.5'), nameOf, 'en')).toBe('(Population − 1,000) ÷ Restaurants × 1.5');
    expect(formulaText(tokens('population / 1000.5'), nameOf, 'fr')).toBe('Population ÷ 1\u202f000,5');
  });
});

describe('findMetricCycle', () => {
  const graph = (edges: Record<string, string[]>) => (id: string) => edges[id] ?? [];
  it('finds an indicator reading itself through others, and nothing in a chain', () => {
    expect(findMetricCycle('a', graph({ a: ['b'], b: ['c'], c: ['a'] }))).toEqual(['a', 'b', 'c', 'a']);
    expect(findMetricCycle('a', graph({ a: ['a'] }))).toEqual(['a', 'a']);
    expect(findMetricCycle('a', graph({ a: ['b', 'c'], b: ['c'], c: [] }))).toBeNull();
  });
});

// Properties: any expression prints into tokens that parse back into it, and evaluates as a
// straightforward reference (JavaScript's own arithmetic on the printed text) says.
const measureNames = ['population', 'households', 'restaurants'] as const;
const expressionArbitrary: fc.Arbitrary<Expression> = fc.letrec<{ node: Expression }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.integer({ min: 0, max: 1000 }).map((value): Expression => ({ kind: 'value', value })),
    fc.constantFrom(...measureNames).map((key): Expression => ({ kind: 'measure', measure: census(key) })),
    tie('node').map((operand): Expression => ({ kind: 'negate', operand })),
    fc.record({ operator: fc.constantFrom('+', '-', '*', '/' as const), left: tie('node'), right: tie('node') })
      .map(({ operator, left, right }): Expression => ({ kind: 'binary', operator, left, right })),
  ),
})).node;

/** The expression as JavaScript source, every operation parenthesised: the reference evaluator. */
function reference(expression: Expression, values: Record<string, number>): number {
  switch (expression.kind) {
    case 'value': return expression.value;
    case 'measure': return values[(expression.measure as { key: string }).key]!;
    case 'negate': return -reference(expression.operand, values);
    case 'binary': {
      const left = reference(expression.left, values);
      const right = reference(expression.right, values);
      return expression.operator === '+' ? left + right : expression.operator === '-' ? left - right : expression.operator === '*' ? left * right : left / right;
    }
  }
}

/** Whether any division in the expression divides by zero for these values (the evaluator then has no value). */
function dividesByZero(expression: Expression, values: Record<string, number>): boolean {
  if (expression.kind === 'negate') return dividesByZero(expression.operand, values);
  if (expression.kind !== 'binary') return false;
  return dividesByZero(expression.left, values) || dividesByZero(expression.right, values)
    || (expression.operator === '/' && reference(expression.right, values) === 0);
}

describe('formula properties', () => {
  it('parse ∘ print is the identity', () => {
    fc.assert(fc.property(expressionArbitrary, (expression) => {
      expect(parseFormula(printFormula(expression))).toEqual({ ok: true, expression });
    }));
  });

  it('evaluation agrees with the reference, with no value exactly where the reference divides by zero or overflows', () => {
    const valuesArbitrary = fc.record({ population: fc.integer({ min: 0, max: 100_000 }), households: fc.integer({ min: 0, max: 50_000 }), restaurants: fc.integer({ min: 0, max: 50 }) });
    fc.assert(fc.property(expressionArbitrary, valuesArbitrary, (expression, values) => {
      // Through the tokens, as the API stores and reads a formula.
      const parsed = parseFormula(printFormula(expression));
      if (!parsed.ok) throw new Error('a printed formula does not parse');
      const result = evaluateExpression(parsed.expression, valueOf(values));
      const expected = reference(expression, values);
      if (dividesByZero(expression, values) || !Number.isFinite(expected)) expect(result).toBeNull();
      else expect(result).toBeCloseTo(expected, 6);
    }));
  });
});
