/**
 * The steps of the HubSpot add-list stepper (add-list-dialog.tsx): welcome; the list, searched by
 * name and paged; its geolocation, the address properties with the first records' values; the
 * properties kept, with samples, the figure per area and the dataset's name; the first
 * synchronisation until it is over.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CrmPropertyView, CrmRemoteListView, CrmSampleView } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { crmQueryKeys, getRemoteLists, type CrmSynchronizedListView } from '../api/crm.js';
import { useDebouncedValue } from '../app/use-debounced-value.js';
import { ProgressBar } from '../datasets/progress-bar.js';
import { ADDRESS_PARTS, numericProperties, type AddressChoice } from './crm-list-choices.js';
import { listErrorKey } from './list-sync-status.js';
import { useSynchronizedLists } from './use-synchronized-lists.js';

const LISTS_PER_PAGE = 10;

export function Welcome() {
  const { t } = useTranslation();
  return (
    <div className="add-list-welcome" data-testid="add-list-welcome">
      <p>{t('integrations.crm.add.welcome')}</p>
      <ol className="add-list-welcome-steps">
        <li>{t('integrations.crm.add.welcomeList')}</li>
        <li>{t('integrations.crm.add.welcomeGeolocation')}</li>
        <li>{t('integrations.crm.add.welcomeProperties')}</li>
      </ol>
      <p className="muted">{t('integrations.crm.add.welcomeSync')}</p>
    </div>
  );
}

export function ListStep({ connectionId, chosen, onChoose }: { connectionId: number; chosen: CrmRemoteListView | null; onChoose(list: CrmRemoteListView): void }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const settled = useDebouncedValue(search.trim(), 300);
  const lists = useQuery({
    queryKey: crmQueryKeys.remoteLists(connectionId, settled, page),
    queryFn: ({ signal }) => getRemoteLists(connectionId, settled, page, LISTS_PER_PAGE, signal),
    placeholderData: (previous) => previous,
  });
  useEffect(() => setPage(1), [settled]);
  const data = lists.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / LISTS_PER_PAGE)) : 1;
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <div className="add-list-lists" data-testid="add-list-lists">
      <div className="field">
        <label htmlFor="add-list-search">{t('integrations.crm.add.search')}</label>
        <input id="add-list-search" type="search" value={search} autoComplete="off" data-testid="add-list-search"
          placeholder={t('integrations.crm.add.searchPlaceholder')} onChange={(event) => setSearch(event.target.value)} />
      </div>
      {lists.isPending && <p className="muted">{t('app.loading')}</p>}
      {lists.isError && (
        <div className="form-error" role="alert" data-testid="add-list-lists-error">
          <p>{lists.error instanceof ApiError && lists.error.status < 500 ? lists.error.message : t('integrations.crm.add.listsError')}</p>
          <button type="button" className="button button-small" onClick={() => void lists.refetch()}>{t('app.retry')}</button>
        </div>
      )}
      {data && data.total === 0 && (
        <p className="crm-note" data-testid="add-list-no-lists">
          {settled ? t('integrations.crm.add.noMatch', { search: settled }) : t('integrations.crm.add.noLists')}
        </p>
      )}
      {data && data.lists.length > 0 && (
        <fieldset className="add-list-choices" aria-busy={lists.isFetching || undefined}>
          <legend className="visually-hidden">{t('integrations.crm.add.steps.list')}</legend>
          {data.lists.map((remote) => (
            <label key={remote.id} className="add-list-choice" data-testid="add-list-choice" data-name={remote.name}>
              <input type="radio" name="crm-list" value={remote.id} checked={chosen?.id === remote.id} disabled={remote.objectType === null}
                onChange={() => onChoose(remote)} />
              <span className="add-list-choice-name">{remote.name}</span>
              <span className="muted add-list-choice-facts">
                {remote.objectType ? t(`integrations.crm.lists.objects.${remote.objectType}`) : t('integrations.crm.add.otherObjects')}
                {remote.size !== null && ` · ${t('integrations.crm.add.records', { count: remote.size, formatted: number.format(remote.size) })}`}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {data && pages > 1 && (
        <div className="add-list-pager">
          <button type="button" className="button button-small" disabled={page <= 1} onClick={() => setPage(page - 1)} data-testid="add-list-previous">{t('integrations.crm.add.previous')}</button>
          <span data-testid="add-list-page">{t('integrations.crm.add.page', { page, pages })}</span>
          <button type="button" className="button button-small" disabled={!data.hasMore} onClick={() => setPage(page + 1)} data-testid="add-list-more">{t('integrations.crm.add.nextPage')}</button>
        </div>
      )}
    </div>
  );
}

/** A property as the user knows it: its label, and its name when the label hides it. */
const propertyLabel = (property: CrmPropertyView) => (property.label && property.label !== property.name ? `${property.label} (${property.name})` : property.name);

export function GeolocationStep({ properties, loading, failed, address, samples, onChange }: {
  properties: CrmPropertyView[] | undefined;
  loading: boolean;
  failed: boolean;
  address: AddressChoice;
  samples: CrmSampleView[] | undefined;
  onChange(part: keyof AddressChoice, property: string): void;
}) {
  const { t } = useTranslation();
  if (failed) return <p className="form-error" role="alert">{t('integrations.crm.add.propertiesError')}</p>;
  if (loading || !properties) return <p className="muted">{t('app.loading')}</p>;
  const chosen = ADDRESS_PARTS.filter((part) => address[part]);
  return (
    <div className="add-list-geolocation" data-testid="add-list-geolocation">
      <p>{t('integrations.crm.add.geolocationIntro')}</p>
      <div className="add-list-address">
        {ADDRESS_PARTS.map((part) => (
          <div className="field" key={part}>
            <label htmlFor={`address-${part}`}>{t(`integrations.crm.add.address.${part}`)}</label>
            <select id={`address-${part}`} value={address[part] ?? ''} data-testid={`add-list-address-${part}`} onChange={(event) => onChange(part, event.target.value)}>
              <option value="">{t('integrations.crm.add.address.none')}</option>
              {properties.map((property) => <option key={property.name} value={property.name}>{propertyLabel(property)}</option>)}
            </select>
          </div>
        ))}
      </div>
      {chosen.length > 0 && samples && samples.length > 0 && (
        <div className="add-list-samples">
          <p className="muted">{t('integrations.crm.add.samplesIntro')}</p>
          <div className="import-table-scroll">
            <table className="import-table" data-testid="add-list-address-samples">
              <thead><tr>{chosen.map((part) => <th key={part} scope="col">{t(`integrations.crm.add.address.${part}`)}</th>)}</tr></thead>
              <tbody>
                {samples.map((sample) => (
                  <tr key={sample.id}>{chosen.map((part) => <td key={part}>{sample.properties[address[part]!] ?? ''}</td>)}</tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </div>
  );
}

export function PropertiesStep({ properties, kept, samples, address, operationColumn, name, onName, onOperationColumn, onToggle }: {
  properties: CrmPropertyView[];
  kept: string[];
  samples: CrmSampleView[] | undefined;
  address: AddressChoice;
  operationColumn: string;
  name: string;
  onName(name: string): void;
  onOperationColumn(property: string): void;
  onToggle(property: string, keep: boolean): void;
}) {
  const { t } = useTranslation();
  const addressProperties = new Set(Object.values(address).filter(Boolean));
  const numeric = numericProperties(properties, kept);
  const examples = (property: string) => [...new Set((samples ?? []).map((sample) => sample.properties[property]).filter((value): value is string => Boolean(value)))].slice(0, 3);
  return (
    <div className="add-list-properties" data-testid="add-list-properties">
      <p>{t('integrations.crm.add.propertiesIntro')}</p>
      <fieldset className="add-list-property-list">
        <legend className="visually-hidden">{t('integrations.crm.add.steps.properties')}</legend>
        {properties.map((property) => (
          <label key={property.name} className="add-list-property" data-testid="add-list-property" data-name={property.name}>
            <input type="checkbox" checked={kept.includes(property.name) || addressProperties.has(property.name)} disabled={addressProperties.has(property.name)}
              onChange={(event) => onToggle(property.name, event.target.checked)} />
            <span className="add-list-property-name">{propertyLabel(property)}</span>
            <span className="muted add-list-property-samples">
              {addressProperties.has(property.name) ? t('integrations.crm.add.addressProperty') : examples(property.name).join(' · ')}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="field-row">
        <div className="field">
          <label htmlFor="add-list-operation">{t('integrations.crm.add.operationColumn')}</label>
          <select id="add-list-operation" value={operationColumn} data-testid="add-list-operation" onChange={(event) => onOperationColumn(event.target.value)}>
            <option value="">{t('integrations.crm.add.countOnly')}</option>
            {numeric.map((property) => <option key={property} value={property}>{propertyLabel(properties.find((candidate) => candidate.name === property)!)}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="add-list-name">{t('integrations.crm.add.name')}</label>
          <input id="add-list-name" value={name} maxLength={100} data-testid="add-list-name" onChange={(event) => onName(event.target.value)} />
        </div>
      </div>
    </div>
  );
}

/** The first synchronisation of the list just added, until it is over. */
export function SyncStep({ connectionId, created }: { connectionId: number; created: CrmSynchronizedListView }) {
  const { t, i18n } = useTranslation();
  const synchronized = useSynchronizedLists(connectionId, true);
  const list = synchronized.lists?.find((candidate) => candidate.id === created.id) ?? created;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <div className="add-list-sync" data-testid="add-list-sync" data-status={list.status} aria-live="polite">
      {list.status === 'active' && (
        <>
          <ProgressBar fraction={synchronized.progressOf(list) ?? 0} label={t('integrations.crm.lists.progress')} testId="add-list-progress" />
          <p className="muted">{t('integrations.crm.add.background')}</p>
        </>
      )}
      {(list.status === 'success' || list.status === 'warning') && (
        <p data-testid="add-list-result">
          {t('integrations.crm.add.placed', { count: list.recordCount, placed: number.format(list.placedCount), records: number.format(list.recordCount) })}
          {list.status === 'warning' && ` ${t('integrations.crm.add.notPlacedReport')}`}
        </p>
      )}
      {list.status === 'failed' && <p className="form-error" role="alert" data-testid="add-list-result">{t(listErrorKey(list.lastError))}</p>}
    </div>
  );
}
