/**
 * A transit area's departure (or, arriving, the time to be there by): a date and a time on the
 * clock of a named time zone (the user's), which the field says with its offset on the day
 * chosen, so nobody reads it on another clock.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { departureIso, offsetText, zoneOffsetMinutes, type DepartureFields } from './departure-time.js';

export function DepartureField({ value, onChange, invalid, timeZone, arriving = false }: {
  value: DepartureFields; onChange(value: DepartureFields): void; invalid: boolean; timeZone: string; arriving?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const iso = departureIso(value, timeZone);
  const offset = offsetText(zoneOffsetMinutes(iso ? Date.parse(iso) : Date.now(), timeZone));
  return (
    <div className={invalid ? 'field field-invalid' : 'field'} data-testid="transit-departure">
      <span className="field-label" id={`${id}-label`}>{t(arriving ? 'createArea.arriveBy' : 'createArea.departure')}</span>
      <div className="departure-inputs" role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-zone`}>
        <input type="date" aria-label={t(arriving ? 'createArea.arrivalDate' : 'createArea.departureDate')} value={value.date} data-testid="departure-date"
          onChange={(event) => onChange({ ...value, date: event.target.value })} />
        <input type="time" aria-label={t(arriving ? 'createArea.arrivalTime' : 'createArea.departureTime')} value={value.time} data-testid="departure-time"
          onChange={(event) => onChange({ ...value, time: event.target.value })} />
      </div>
      <p className="panel-note" id={`${id}-zone`} data-testid="departure-zone">{t('createArea.departureZone', { zone: timeZone, offset })}</p>
      <p className="panel-note">{t(arriving ? 'createArea.arrivalHint' : 'createArea.departureHint')}</p>
      {invalid && <p className="field-error" role="alert">{t(arriving ? 'createArea.arrivalRequired' : 'createArea.departureRequired')}</p>}
    </div>
  );
}
