import { describe, expect, it } from 'vitest';
import type { FormulaToken, MetricWidgets } from '@catchment/domain';
import { chipLabel, formulaLine, measureNames, measureSuggestions } from './formula-chips.js';

const widgets: MetricWidgets = {
  country: 'fr',
  widgets: [
    { id: 'metric', measures: [{ measure: { source: 'metric', metricId: 'm1' }, label: 'Population per shop' }] },
    { id: 'census', measures: [
      { measure: { source: 'census', key: 'households' }, label: 'Households' },
      { measure: { source: 'census', key: 'population' }, label: 'Population', unit: 'people' },
      { measure: { source: 'census', key: 'age_65_plus' }, label: 'Aged 65 and over (population)', unit: 'people' },
    ] },
    { id: 'poi', measures: [{ measure: { source: 'poi', searchId: '7' }, label: 'Restaurants' }] },
    { id: 'client_dataset', measures: [{ measure: { source: 'client_dataset', datasetId: '3', method: 'sum', column: 'sales' }, label: 'École sales (sum)' }] },
  ],
};
const names = measureNames(widgets);
const population: FormulaToken = { type: 'measure', measure: { source: 'census', key: 'population' } };
const restaurants: FormulaToken = { type: 'measure', measure: { source: 'poi', searchId: '7' } };

describe('formula chips', () => {
  it('names measures, writes numbers the locale way and operators as signs', () => {
    expect(chipLabel(population, names, 'en', '?')).toBe('Population');
    expect(chipLabel({ type: 'value', value: 1000.5 }, names, 'en', '?')).toBe('1,000.5');
    expect(chipLabel({ type: 'value', value: 1000.5 }, names, 'fr', '?')).toBe('1\u202f000,5');
    expect(chipLabel({ type: 'operator', value: '/' }, names, 'en', '?')).toBe('÷');
    expect(chipLabel({ type: 'operator', value: '-' }, names, 'en', '?')).toBe('−');
    expect(chipLabel({ type: 'measure', measure: { source: 'poi', searchId: '99' } }, names, 'en', 'Unknown data')).toBe('Unknown data');
  });

  it('writes the formula as a line', () => {
    expect(formulaLine([population, { type: 'operator', value: '/' }, restaurants], names, 'en', '?')).toBe('Population ÷ Restaurants');
    expect(formulaLine([
      { type: 'operator', value: '(' }, population, { type: 'operator', value: '-' }, { type: 'measure', measure: { source: 'census', key: 'households' } },
      { type: 'operator', value: ')' }, { type: 'operator', value: '*' }, { type: 'value', value: 2 },
    ], names, 'en', '?')).toBe('(Population − Households) × 2');
  });

  it('suggests the measures holding the words typed, by source, those starting with them first', () => {
    const found = measureSuggestions(widgets, 'pop');
    expect(found.map((group) => group.source)).toEqual(['census', 'metric']);
    expect(found[0]!.choices.map((choice) => choice.label)).toEqual(['Population', 'Aged 65 and over (population)']);
    expect(measureSuggestions(widgets, 'ecole')[0]!.choices[0]!.label).toBe('École sales (sum)');
    expect(measureSuggestions(widgets, 'rest')).toEqual([{ source: 'poi', choices: [widgets.widgets[2]!.measures[0]] }]);
    expect(measureSuggestions(widgets, 'nothing like it')).toEqual([]);
  });

  it('offers everything for an empty text, in the order census, searches, my data, indicators, but never the indicator edited', () => {
    expect(measureSuggestions(widgets, '').map((group) => group.source)).toEqual(['census', 'poi', 'client_dataset', 'metric']);
    expect(measureSuggestions(widgets, '', { source: 'metric', metricId: 'm1' }).map((group) => group.source)).toEqual(['census', 'poi', 'client_dataset']);
  });
});
