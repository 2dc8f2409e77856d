/**
 * Indicator formulas (SPEC §3: tokens operator, value and measure): what a formula is made of, how
 * it parses into an expression (the usual precedence, left to right, unary minus), how an
 * expression prints back into the fewest tokens, which measures it reads, and its value.
 *
 * A formula is stored as tokens, as the editor builds it with chips; it is parsed on every read
 * rather than stored parsed, so the one parser decides what a formula means, in the app and the API.
 */
import { z } from 'zod';
import { AGGREGATE_METHODS } from '../enums.js';

export const FORMULA_OPERATORS = ['+', '-', '*', '/', '(', ')'] as const;
export type FormulaOperator = (typeof FORMULA_OPERATORS)[number];
export type ArithmeticOperator = Exclude<FormulaOperator, '(' | ')'>;

/** Tokens a formula may hold: room for any ratio an analyst writes, not for a program. */
export const FORMULA_MAX_TOKENS = 100;

// A token that says nothing readable is a formula that is not one: its refusals all say so (SPEC §8).
const incorrect = { error: 'errors.formulaIncorrect' } as const;
const id = z.string(incorrect).trim().min(1, incorrect).max(100, incorrect);

/**
 * What a measure token reads (SPEC §3 Measure): a census figure by its catalogue key, the count of
 * a business search, an aggregate of a column of one of the user's datasets, or another indicator.
 */
export const measureRef = z.discriminatedUnion('source', [
  z.object({ source: z.literal('census'), key: id }),
  z.object({ source: z.literal('poi'), searchId: id }),
  z.object({
    source: z.literal('client_dataset'), datasetId: id, method: z.enum(AGGREGATE_METHODS, incorrect),
    // A count needs no column; a sum or an average is of one.
    column: z.string(incorrect).trim().min(1, incorrect).max(200, incorrect).optional(),
  }).refine((ref) => ref.method === 'count' || ref.column !== undefined, { ...incorrect, path: ['column'] }),
  z.object({ source: z.literal('metric'), metricId: id }),
], { error: 'errors.formulaIncorrect' });
export type MeasureRef = z.infer<typeof measureRef>;
export type MeasureSourceKind = MeasureRef['source'];

export const formulaToken = z.discriminatedUnion('type', [
  z.object({ type: z.literal('measure'), measure: measureRef }),
  z.object({ type: z.literal('operator'), value: z.enum(FORMULA_OPERATORS, { error: 'errors.formulaIncorrect' }) }),
  z.object({ type: z.literal('value'), value: z.number({ error: 'errors.formulaIncorrect' }).finite({ error: 'errors.formulaIncorrect' }) }),
], { error: 'errors.formulaIncorrect' });
export type FormulaToken = z.infer<typeof formulaToken>;

export const formulaTokens = z.array(formulaToken, { error: 'errors.formulaIncorrect' })
  .min(1, { error: 'errors.formulaIncorrect' }).max(FORMULA_MAX_TOKENS, { error: 'errors.formulaTooLong' });

export type Expression =
  | { kind: 'value'; value: number }
  | { kind: 'measure'; measure: MeasureRef }
  | { kind: 'negate'; operand: Expression }
  | { kind: 'binary'; operator: ArithmeticOperator; left: Expression; right: Expression };

/** `at`: the index of the first token that does not fit (the formula's length when it ends too soon). */
export type FormulaParse = { ok: true; expression: Expression } | { ok: false; at: number };

const PRECEDENCE: Record<ArithmeticOperator, number> = { '+': 1, '-': 1, '*': 2, '/': 2 };

class IncorrectFormula extends Error {
  constructor(readonly at: number) { super('incorrect formula'); }
}

/** The expression the tokens make, by recursive descent: sums of products of signed factors. */
export function parseFormula(tokens: readonly FormulaToken[]): FormulaParse {
  let position = 0;
  const peekOperator = (): FormulaOperator | null => {
    const token = tokens[position];
    return token?.type === 'operator' ? token.value : null;
  };
  const binaryLevel = (level: 1 | 2, operand: () => Expression): Expression => {
    let left = operand();
    for (let operator = peekOperator(); operator && operator !== '(' && operator !== ')' && PRECEDENCE[operator] === level; operator = peekOperator()) {
      position += 1;
      left = { kind: 'binary', operator, left, right: operand() };
    }
    return left;
  };
  const sum = (): Expression => binaryLevel(1, product);
  const product = (): Expression => binaryLevel(2, factor);
  const factor = (): Expression => {
    const token = tokens[position];
    if (!token) throw new IncorrectFormula(position);
    if (token.type === 'value') { position += 1; return { kind: 'value', value: token.value }; }
    if (token.type === 'measure') { position += 1; return { kind: 'measure', measure: token.measure }; }
    if (token.value === '-') { position += 1; return { kind: 'negate', operand: factor() }; }
    if (token.value === '(') {
      position += 1;
      const inner = sum();
      if (peekOperator() !== ')') throw new IncorrectFormula(position);
      position += 1;
      return inner;
    }
    throw new IncorrectFormula(position);
  };
  try {
    const expression = sum();
    if (position < tokens.length) throw new IncorrectFormula(position);
    return { ok: true, expression };
  } catch (error) {
    if (error instanceof IncorrectFormula) return { ok: false, at: error.at };
    throw error;
  }
}

/**
 * The expression as the fewest tokens that parse back into it: parentheses only where precedence
 * or left-to-right order needs them (`a - (b - c)` keeps them, `(a * b) + c` loses them).
 */
export function printFormula(expression: Expression): FormulaToken[] {
  const open: FormulaToken = { type: 'operator', value: '(' };
  const close: FormulaToken = { type: 'operator', value: ')' };
  const wrapped = (inner: FormulaToken[], needed: boolean) => (needed ? [open, ...inner, close] : inner);
  switch (expression.kind) {
    case 'value': return [{ type: 'value', value: expression.value }];
    case 'measure': return [{ type: 'measure', measure: expression.measure }];
    case 'negate': return [{ type: 'operator', value: '-' }, ...wrapped(printFormula(expression.operand), expression.operand.kind === 'binary')];
    case 'binary': {
      const level = PRECEDENCE[expression.operator];
      const levelOf = (side: Expression) => (side.kind === 'binary' ? PRECEDENCE[side.operator] : 3);
      return [
        ...wrapped(printFormula(expression.left), levelOf(expression.left) < level),
        { type: 'operator', value: expression.operator },
        ...wrapped(printFormula(expression.right), levelOf(expression.right) <= level),
      ];
    }
  }
}

/** The measures the expression reads, each once, in the order they first appear. */
export function expressionMeasures(expression: Expression): MeasureRef[] {
  const found = new Map<string, MeasureRef>();
  const visit = (node: Expression): void => {
    if (node.kind === 'measure') found.set(measureRefKey(node.measure), node.measure);
    else if (node.kind === 'negate') visit(node.operand);
    else if (node.kind === 'binary') { visit(node.left); visit(node.right); }
  };
  visit(expression);
  return [...found.values()];
}

/** The measures a formula's tokens read, parsed or not (the editor lists them as the user types). */
export function tokenMeasures(tokens: readonly FormulaToken[]): MeasureRef[] {
  const found = new Map<string, MeasureRef>();
  for (const token of tokens) if (token.type === 'measure') found.set(measureRefKey(token.measure), token.measure);
  return [...found.values()];
}

const OPERATOR_SIGNS: Record<FormulaOperator, string> = { '+': '+', '-': '−', '*': '×', '/': '÷', '(': '(', ')': ')' };

/**
 * The formula as a reader writes it (`Population ÷ Restaurants × 1,000`): measures by the names
 * `nameOf` gives, numbers in the locale's format, typographic operators. For the report, the
 * exports and the editor's summary; the tokens stay the formula of record.
 */
export function formulaText(tokens: readonly FormulaToken[], nameOf: (measure: MeasureRef) => string, locale: string): string {
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });
  return tokens.map((token) => {
    if (token.type === 'measure') return nameOf(token.measure);
    if (token.type === 'value') return numbers.format(token.value);
    return OPERATOR_SIGNS[token.value];
  }).join(' ').replace(/\( /g, '(').replace(/ \)/g, ')');
}

/** One string per measure: equal measures, equal keys (`census:population`, `poi:<search id>`…). */
export function measureRefKey(ref: MeasureRef): string {
  switch (ref.source) {
    case 'census': return `census:${ref.key}`;
    case 'poi': return `poi:${ref.searchId}`;
    case 'client_dataset': return `client_dataset:${ref.datasetId}:${ref.method}:${ref.method === 'count' ? '' : ref.column ?? ''}`;
    case 'metric': return `metric:${ref.metricId}`;
  }
}

/**
 * The expression's value from its measures' values. No value (null) where a measure has none, for a
 * division by zero, or where the result is not a finite number: an indicator never shows Infinity.
 */
export function evaluateExpression(expression: Expression, valueOf: (measure: MeasureRef) => number | null): number | null {
  const value = (node: Expression): number | null => {
    switch (node.kind) {
      case 'value': return node.value;
      case 'measure': return valueOf(node.measure);
      case 'negate': {
        const operand = value(node.operand);
        return operand === null ? null : -operand;
      }
      case 'binary': {
        const left = value(node.left);
        const right = value(node.right);
        if (left === null || right === null) return null;
        switch (node.operator) {
          case '+': return left + right;
          case '-': return left - right;
          case '*': return left * right;
          case '/': return right === 0 ? null : left / right;
        }
      }
    }
  };
  const result = value(expression);
  return result !== null && Number.isFinite(result) ? result : null;
}

/** Why a formula cannot be saved (SPEC §5: it must be correct and all its measures known), or its expression. */
export type FormulaCheck =
  | { ok: true; expression: Expression; measures: MeasureRef[] }
  | { ok: false; reason: 'incorrect'; at: number }
  | { ok: false; reason: 'unknownMeasures'; unknown: MeasureRef[] };

export function checkFormula(tokens: readonly FormulaToken[], isKnown: (measure: MeasureRef) => boolean): FormulaCheck {
  const parsed = parseFormula(tokens);
  if (!parsed.ok) return { ok: false, reason: 'incorrect', at: parsed.at };
  const measures = expressionMeasures(parsed.expression);
  const unknown = measures.filter((measure) => !isKnown(measure));
  if (unknown.length > 0) return { ok: false, reason: 'unknownMeasures', unknown };
  return { ok: true, expression: parsed.expression, measures };
}

/** The error entry (errors.ts) of a failed check. */
export const formulaCheckError = (check: Extract<FormulaCheck, { ok: false }>): 'formulaIncorrect' | 'formulaUnknownMeasures' =>
  (check.reason === 'incorrect' ? 'formulaIncorrect' : 'formulaUnknownMeasures');

/**
 * The indicator depends on itself through others (`a = b / 2`, `b = a + 1`): the first indicator
 * met again on a path from `start`, or null. `dependsOn` gives the indicators an indicator reads.
 */
export function findMetricCycle(start: string, dependsOn: (metricId: string) => readonly string[]): string[] | null {
  const path: string[] = [];
  const done = new Set<string>();
  const visit = (metricId: string): string[] | null => {
    const at = path.indexOf(metricId);
    if (at >= 0) return [...path.slice(at), metricId];
    if (done.has(metricId)) return null;
    path.push(metricId);
    for (const next of dependsOn(metricId)) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(metricId);
    return null;
  };
  return visit(start);
}
