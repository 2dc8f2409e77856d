/**
 * The formula as chips, built with the mouse or the keyboard: a search box offers the map's
 * measures as the user types ("pop" → Population; the down arrow lists them all), grouped by
 * source; Enter adds the highlighted one, or the number typed; an operator key (+ - * / ( ), or
 * × ÷ −) adds an operator when the box is empty or holds a number; Backspace in an empty box takes
 * the last chip off. The buttons do the same. `faulty` is the chip the check found out of place
 * (its length: the formula ends too soon), `unknown` the chips whose measure the map does not have.
 */
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FORMULA_OPERATORS, measureRefKey, type FormulaToken, type MeasureChoice, type MeasureRef, type MetricWidgets } from '@catchment/domain';
import { useLocale } from '../i18n/index.js';
import { chipLabel, measureSuggestions } from './formula-chips.js';
import { operatorOfKey, valueTokenOf } from './formula-keys.js';

export interface FormulaFieldProps {
  tokens: FormulaToken[];
  onChange(tokens: FormulaToken[]): void;
  widgets: MetricWidgets | undefined;
  names: ReadonlyMap<string, string>;
  /** The indicator edited, which its own formula cannot read. */
  self?: MeasureRef | undefined;
  faulty: number | null;
  unknown: ReadonlySet<string>;
  describedBy?: string | undefined;
}

export function FormulaField({ tokens, onChange, widgets, names, self, faulty, unknown, describedBy }: FormulaFieldProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(0);
  const groups = useMemo(() => measureSuggestions(widgets, text, self), [widgets, text, self]);
  const choices = groups.flatMap((group) => group.choices);
  const typedValue = valueTokenOf(text, locale);
  const listOpen = open && typedValue === null && choices.length > 0;

  // Once a chip is added the suggestions close, leaving the check and the preview in view; typing
  // (or the down arrow, for every measure) opens them again.
  const add = (...added: FormulaToken[]) => {
    onChange([...tokens, ...added]);
    setOpen(false);
  };
  const addMeasure = (choice: MeasureChoice) => {
    add({ type: 'measure', measure: choice.measure });
    setText('');
    setHighlighted(0);
  };
  const removeAt = (index: number) => onChange(tokens.filter((_, at) => at !== index));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const operator = operatorOfKey(event.key);
    if (operator && (text.trim() === '' || typedValue)) {
      event.preventDefault();
      if (typedValue) add(typedValue, { type: 'operator', value: operator });
      else add({ type: 'operator', value: operator });
      setText('');
    } else if (event.key === 'Enter') {
      // Enter always stays in the field: the editor's form saves with its button (or Ctrl+Enter).
      if (event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      if (typedValue) {
        add(typedValue);
        setText('');
      } else if (listOpen && choices[highlighted]) {
        addMeasure(choices[highlighted]);
      }
    } else if (event.key === 'Backspace' && text === '' && tokens.length > 0) {
      event.preventDefault();
      onChange(tokens.slice(0, -1));
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (choices.length > 0) setHighlighted((current) => (current + (event.key === 'ArrowDown' ? 1 : -1) + choices.length) % choices.length);
    } else if (event.key === 'Escape' && listOpen) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  let optionIndex = -1;
  return (
    <div className="formula-field">
      <div className="formula-chips" role="list" aria-label={t('indicators.editor.formula')} data-testid="metric-formula-chips">
        {tokens.map((token, index) => {
          const label = chipLabel(token, names, locale, t('indicators.unknownMeasure'));
          const wrong = faulty === index || (token.type === 'measure' && unknown.has(measureRefKey(token.measure)));
          return (
            <span key={index} role="listitem" data-testid="metric-formula-chip" data-kind={token.type} data-faulty={wrong || undefined}
              className={['formula-chip', `formula-chip-${token.type}`, token.type === 'measure' ? `formula-chip-${token.measure.source}` : '', wrong ? 'formula-chip-faulty' : ''].filter(Boolean).join(' ')}>
              <span data-testid="metric-formula-chip-label">{label}</span>
              <button type="button" className="formula-chip-remove" aria-label={t('indicators.editor.removeChip', { label })} onClick={() => removeAt(index)}>×</button>
            </span>
          );
        })}
        {faulty !== null && faulty >= tokens.length && tokens.length > 0 && (
          <span className="formula-chip formula-chip-missing" data-testid="metric-formula-missing" aria-hidden>?</span>
        )}
        <div className="formula-input">
          <input
            id={`${id}-input`}
            type="text"
            role="combobox"
            aria-label={t('indicators.editor.search')}
            aria-describedby={describedBy}
            aria-expanded={listOpen}
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            aria-activedescendant={listOpen ? `${id}-option-${highlighted}` : undefined}
            placeholder={tokens.length === 0 ? t('indicators.editor.searchPlaceholder') : ''}
            autoComplete="off"
            value={text}
            data-testid="metric-formula-input"
            onChange={(event) => { setText(event.target.value); setOpen(true); setHighlighted(0); }}
            onKeyDown={onKeyDown}
            onFocus={() => setOpen(text.trim() !== '')}
            onBlur={() => setOpen(false)}
          />
          {listOpen && (
            <div className="place-suggestions formula-suggestions" id={`${id}-list`} role="listbox" aria-label={t('indicators.editor.search')} data-testid="metric-formula-options">
              {groups.map((group) => (
                <div key={group.source} role="group" aria-labelledby={`${id}-group-${group.source}`}>
                  <div className="formula-suggestion-group" id={`${id}-group-${group.source}`} role="presentation">{t(`indicators.sources.${group.source}`)}</div>
                  {group.choices.map((choice) => {
                    optionIndex += 1;
                    const index = optionIndex;
                    return (
                      <div key={measureRefKey(choice.measure)} id={`${id}-option-${index}`} role="option" aria-selected={index === highlighted}
                        className={index === highlighted ? 'place-suggestion place-suggestion-active' : 'place-suggestion'}
                        data-testid="metric-formula-option" data-key={measureRefKey(choice.measure)}
                        // Chosen on mouse down, before the input's blur closes the list.
                        onMouseDown={(event) => { event.preventDefault(); addMeasure(choice); }}
                        onMouseEnter={() => setHighlighted(index)}>
                        <span className="place-label" title={choice.label}>{choice.label}</span>
                      </div>
                    );
                  })}
                </div>
              ))}
            </div>
          )}
        </div>
      </div>
      {open && text.trim() !== '' && typedValue === null && choices.length === 0 && (
        <p className="field-error" role="status" data-testid="metric-formula-not-found">{t('indicators.editor.notFound')}</p>
      )}
      <div className="formula-operators" role="group" aria-label={t('indicators.editor.operators')}>
        {FORMULA_OPERATORS.map((operator) => (
          <button key={operator} type="button" className="button button-small formula-operator" data-testid="metric-formula-operator" data-operator={operator}
            aria-label={t(`indicators.operators.${OPERATOR_NAMES[operator]}`)} title={t(`indicators.operators.${OPERATOR_NAMES[operator]}`)}
            onClick={() => add({ type: 'operator', value: operator })}>
            {chipLabel({ type: 'operator', value: operator }, names, locale, '')}
          </button>
        ))}
        <button type="button" className="button button-small" data-testid="metric-formula-add-number" disabled={typedValue === null}
          title={t('indicators.editor.addNumberTitle')} onClick={() => { if (typedValue) { add(typedValue); setText(''); } }}>
          {t('indicators.editor.addNumber')}
        </button>
        <button type="button" className="button button-small" data-testid="metric-formula-backspace" disabled={tokens.length === 0}
          aria-label={t('indicators.editor.backspace')} title={t('indicators.editor.backspace')} onClick={() => onChange(tokens.slice(0, -1))}>⌫</button>
      </div>
    </div>
  );
}

const OPERATOR_NAMES = { '+': 'plus', '-': 'minus', '*': 'times', '/': 'divide', '(': 'open', ')': 'close' } as const;
