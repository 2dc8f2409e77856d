/** A transit area's departure: a date and a time on the user's clock (the timetables are read then). */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepartureFields } from './departure-time.js';

export function DepartureField({ value, onChange, invalid }: { value: DepartureFields; onChange(value: DepartureFields): void; invalid: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={invalid ? 'field field-invalid' : 'field'} data-testid="transit-departure">
      <span className="field-label" id={`${id}-label`}>{t('createArea.departure')}</span>
      <div className="departure-inputs" role="group" aria-labelledby={`${id}-label`}>
        <input type="date" aria-label={t('createArea.departureDate')} value={value.date} data-testid="departure-date"
          onChange={(event) => onChange({ ...value, date: event.target.value })} />
        <input type="time" aria-label={t('createArea.departureTime')} value={value.time} data-testid="departure-time"
          onChange={(event) => onChange({ ...value, time: event.target.value })} />
      </div>
      <p className="panel-note">{t('createArea.departureHint')}</p>
      {invalid && <p className="field-error" role="alert">{t('createArea.departureRequired')}</p>}
    </div>
  );
}
