/**
 * The import wizard's column step: how each row is placed (SPEC §5) — by coordinates in two
 * columns or in one "latitude, longitude" column, or by address (street, number, postcode, city,
 * country, or one column holding it all) — opened on the guesses from the file's headers; the
 * column whose numbers are summed or averaged per area (optional); the dataset's name and colour.
 * A file with more rows than the plan has room for is said before the import (the server decides).
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DATASET_COLOR_PALETTE, type DataFileView, type PinsVerdict } from '@catchment/domain';
import type { FieldErrors } from '../api/field-errors.js';
import { useLocale } from '../i18n/index.js';
import { usePlansDialog } from '../plans/plans-dialog-context.js';
import { AddPinPacksLink } from './add-pin-packs-link.js';
import { cellNumber, mostCells } from './cell-number.js';
import { DATASET_NAME_MAX_LENGTH } from './dataset-name.js';
import { ADDRESS_PARTS, type ImportDraft, type PlacementKind } from './import-draft.js';

interface ColumnsStepProps {
  file: DataFileView;
  /** The first rows, to say which columns hold numbers. */
  sample: readonly (readonly string[])[];
  draft: ImportDraft;
  onChange(patch: Partial<ImportDraft>): void;
  /** What is missing or refused, by field (latitude, longitude, latLng, address, name, operationColumn). */
  errors: FieldErrors;
  /** Whether the plan has room for the file's rows; null while not known. */
  room: PinsVerdict | null;
}

const PLACEMENTS: PlacementKind[] = ['coordinates', 'latLng', 'address'];

export function ColumnsStep({ file, sample, draft, onChange, errors, room }: ColumnsStepProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const openPlans = usePlansDialog();
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);
  const numeric = new Set(file.columns.filter((_, index) => mostCells(sample, index, (cell) => cellNumber(cell) !== null)));

  const select = (field: string, label: string, value: string, onPick: (value: string) => void, options: { none?: string; numbersFirst?: boolean } = {}) => {
    const error = errors[field];
    return (
      <div className={error ? 'field field-invalid' : 'field'}>
        <label htmlFor={`${id}-${field}`}>{label}</label>
        <select id={`${id}-${field}`} value={value} data-testid={`import-column-${field}`} aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${field}-error` : undefined} onChange={(event) => onPick(event.target.value)}>
          <option value="">{options.none ?? t('datasets.columns.choose')}</option>
          {file.columns.map((column) => (
            <option key={column} value={column}>{options.numbersFirst && numeric.has(column) ? t('datasets.columns.numbers', { column }) : column}</option>
          ))}
        </select>
        {error && <p className="field-error" id={`${id}-${field}-error`}>{error}</p>}
      </div>
    );
  };

  return (
    <div className="import-columns">
      {room && !room.allowed && (
        <div className="import-room" role="alert" data-testid="import-room-warning">
          <p>{t('datasets.columns.noRoom', { count: file.rowCount, rows: number(file.rowCount), pins: number(room.pins), used: number(room.used) })}</p>
          {room.upgrade && (
            <button type="button" className="button button-small" data-testid="import-room-plans" onClick={() => openPlans({ plan: room.upgrade })}>
              {t('planLock.seePlans')}
            </button>
          )}
          {room.packs !== null && <AddPinPacksLink packs={room.packs} />}
        </div>
      )}

      <fieldset className="import-fieldset">
        <legend>{t('datasets.columns.placement')}</legend>
        <div className="import-placements">
          {PLACEMENTS.map((kind) => (
            <label key={kind} className={draft.placement === kind ? 'import-placement import-placement-chosen' : 'import-placement'}>
              <input type="radio" name={`${id}-placement`} value={kind} checked={draft.placement === kind} data-testid={`import-placement-${kind}`}
                onChange={() => onChange({ placement: kind })} />
              <span>
                <strong>{t(`datasets.columns.placements.${kind}`)}</strong>
                <span className="field-hint">{t(`datasets.columns.placementHints.${kind}`)}</span>
              </span>
            </label>
          ))}
        </div>
        {draft.placement === 'coordinates' && (
          <div className="field-row">
            {select('latitude', t('datasets.columns.latitude'), draft.latitude, (latitude) => onChange({ latitude }))}
            {select('longitude', t('datasets.columns.longitude'), draft.longitude, (longitude) => onChange({ longitude }))}
          </div>
        )}
        {draft.placement === 'latLng' && select('latLng', t('datasets.columns.latLng'), draft.latLng, (latLng) => onChange({ latLng }))}
        {draft.placement === 'address' && (
          <>
            <div className="import-address">
              {ADDRESS_PARTS.map((part) => (
                <div key={part}>
                  {select(`address-${part}`, t(`datasets.columns.address.${part}`), draft.address[part] ?? '',
                    (column) => onChange({ address: { ...draft.address, [part]: column || undefined } }), { none: t('datasets.columns.none') })}
                </div>
              ))}
            </div>
            {errors.address && <p className="field-error" data-testid="import-address-error">{errors.address}</p>}
            <p className="panel-note">{t('datasets.columns.addressHint')}</p>
          </>
        )}
      </fieldset>

      {select('operationColumn', t('datasets.columns.operationColumn'), draft.operationColumn, (operationColumn) => onChange({ operationColumn }),
        { none: t('datasets.columns.noOperationColumn'), numbersFirst: true })}
      <p className="panel-note import-operation-hint">{t('datasets.columns.operationHint')}</p>

      <div className="field-row import-identity">
        <div className={errors.name ? 'field field-invalid' : 'field'}>
          <label htmlFor={`${id}-name`}>{t('datasets.columns.name')}</label>
          <input id={`${id}-name`} type="text" value={draft.name} maxLength={DATASET_NAME_MAX_LENGTH} data-testid="import-name"
            aria-invalid={errors.name ? true : undefined} onChange={(event) => onChange({ name: event.target.value })} />
          {errors.name && <p className="field-error">{errors.name}</p>}
        </div>
        <ColorField value={draft.color} onChange={(color) => onChange({ color })} />
      </div>
    </div>
  );
}

/** The dataset's colour, one of the palette's (SPEC §9), each swatch a button named by its number. */
export function ColorField({ value, onChange, testId = 'import-color' }: { value: string; onChange(color: string): void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <fieldset className="field dataset-colors" data-testid={testId}>
      <legend>{t('datasets.columns.color')}</legend>
      <div className="dataset-swatches">
        {DATASET_COLOR_PALETTE.map((color, index) => (
          <button key={color} type="button" className="dataset-swatch-button" style={{ background: color }} aria-pressed={value.toLowerCase() === color}
            aria-label={t('datasets.columns.colorN', { n: index + 1 })} data-color={color} onClick={() => onChange(color)} />
        ))}
      </div>
    </fieldset>
  );
}
