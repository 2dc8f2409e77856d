/**
 * The formula as the editor shows it: one chip per token (measures by their names in the user's
 * language, numbers in the locale's format, operators as typographic signs), the whole formula
 * as a line of text ("Population ÷ Restaurants"), and the measures offered as the user types,
 * grouped by where they come from.
 */
import { formulaText, measureRefKey, type FormulaToken, type MeasureChoice, type MeasureRef, type MetricWidgets } from '@catchment/domain';

/** The measure sources in the order the suggestions list them (census, business searches, my data, indicators). */
export const SOURCE_ORDER = ['census', 'poi', 'client_dataset', 'metric'] as const satisfies readonly MeasureRef['source'][];

/** The name of each measure the map offers, by measureRefKey. */
export function measureNames(widgets: MetricWidgets | undefined): Map<string, string> {
  return new Map((widgets?.widgets ?? []).flatMap((widget) => widget.measures.map((choice) => [measureRefKey(choice.measure), choice.label] as const)));
}

/** The formula as one line, as the domain writes it ("(Population − Households) ÷ 2"); `unknown` names a measure the map no longer offers (a deleted search or indicator). */
export function formulaLine(tokens: readonly FormulaToken[], names: ReadonlyMap<string, string>, locale: string, unknown: string): string {
  return formulaText(tokens, (measure) => names.get(measureRefKey(measure)) ?? unknown, locale);
}

/** A chip's text: the one token written as the formula line writes it. */
export const chipLabel = (token: FormulaToken, names: ReadonlyMap<string, string>, locale: string, unknown: string): string =>
  formulaLine([token], names, locale, unknown);

/** Lower case without accents, so that "popu" finds "Population" and "ecole" "École". */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export interface SuggestionGroup { source: MeasureRef['source']; choices: MeasureChoice[] }

/**
 * The measures whose name holds every word typed, grouped by source in SOURCE_ORDER, those whose
 * name starts with the text first; `excluded` leaves out the indicator being edited (it cannot
 * read itself). An empty text offers every measure.
 */
export function measureSuggestions(widgets: MetricWidgets | undefined, text: string, excluded?: MeasureRef): SuggestionGroup[] {
  const words = folded(text).split(/\s+/).filter(Boolean);
  const start = folded(text.trim());
  const excludedKey = excluded ? measureRefKey(excluded) : null;
  return SOURCE_ORDER.map((source) => {
    const measures = widgets?.widgets.filter((widget) => widget.id === source).flatMap((widget) => widget.measures) ?? [];
    const matching = measures.filter((choice) => measureRefKey(choice.measure) !== excludedKey && words.every((word) => folded(choice.label).includes(word)));
    const startsFirst = [...matching.filter((choice) => folded(choice.label).startsWith(start)), ...matching.filter((choice) => !folded(choice.label).startsWith(start))];
    return { source, choices: startsFirst };
  }).filter((group) => group.choices.length > 0);
}
