/**
 * The HubSpot add-list stepper (SPEC §2): welcome; the list (searched by name and paged over the
 * account's lists of contacts and companies); its geolocation (which properties hold the address,
 * guessed from their names, with sample values of the first records); the properties kept (with
 * samples), the figure summed per area and the dataset's name; then the list synchronised as a
 * dataset, its first synchronisation's progress shown until it is over. Enter goes on, Escape
 * closes (the synchronisation goes on without the dialog). The plan's pins refuse a list too
 * large (CRM_DATA_LIMIT_REACHED) with the plans.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, FEATURES, isPlan, type CrmPropertyView, type CrmRemoteListView, type CrmSampleView, type Plan } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import {
  crmQueryKeys, getRemoteListProperties, getRemoteListSamples, getRemoteLists, synchronizeList, type CrmSynchronizedListView,
} from '../api/crm.js';
import { useDebouncedValue } from '../app/use-debounced-value.js';
import { useModalDialog } from '../app/use-modal-dialog.js';
import { ProgressBar } from '../datasets/progress-bar.js';
import { usePlansDialog } from '../plans/plans-dialog-context.js';
import { ADDRESS_PARTS, defaultSynchronizedProperties, guessAddressProperties, numericProperties, type AddressChoice } from './crm-list-choices.js';
import { listErrorKey } from './list-sync-status.js';
import { useSynchronizedLists } from './use-synchronized-lists.js';
// The stepper's row of steps and the progress bar are the import wizard's.
import '../datasets/datasets.css';

const STEPS = ['welcome', 'list', 'geolocation', 'properties'] as const;
type StepName = (typeof STEPS)[number] | 'sync';
const LISTS_PER_PAGE = 10;
/** Samples are read for this many properties at most (the API's limit). */
const SAMPLED_PROPERTIES = 50;

/** `plan`: the data limit's refusal, with the plan that would hold the list (null when none on sale does). */
interface Failure { message: string; plan?: Plan | null }

export function AddListDialog({ connectionId, onClose }: { connectionId: number; onClose(): void }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const openPlans = usePlansDialog();
  const [step, setStep] = useState<StepName>('welcome');
  const [list, setList] = useState<CrmRemoteListView | null>(null);
  const [address, setAddress] = useState<AddressChoice>({});
  const [kept, setKept] = useState<string[]>([]);
  const [operationColumn, setOperationColumn] = useState('');
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<Failure | null>(null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CrmSynchronizedListView | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const dialog = useModalDialog(true, onClose, { locked: creating });

  const listId = list?.id ?? '';
  const properties = useQuery({
    queryKey: crmQueryKeys.properties(connectionId, listId),
    queryFn: ({ signal }) => getRemoteListProperties(connectionId, listId, signal),
    enabled: list !== null,
    staleTime: 60_000,
  });
  const sampled = (properties.data ?? []).slice(0, SAMPLED_PROPERTIES).map((property) => property.name);
  const samples = useQuery({
    queryKey: crmQueryKeys.samples(connectionId, listId, sampled),
    queryFn: ({ signal }) => getRemoteListSamples(connectionId, listId, sampled, signal),
    enabled: list !== null && sampled.length > 0,
    staleTime: 60_000,
  });

  // Each step's title (said, not shown: the row of steps shows it) takes the focus.
  useEffect(() => heading.current?.focus(), [step]);

  const goTo = (next: StepName) => {
    setFailure(null);
    setStep(next);
  };

  const chooseList = (chosen: CrmRemoteListView) => {
    if (chosen.id !== list?.id) {
      setList(chosen);
      setName(chosen.name);
      setAddress({});
      setKept([]);
      setOperationColumn('');
    }
  };

  /** The guesses, made once the properties of the list chosen are known. */
  useEffect(() => {
    const known = properties.data;
    if (!known) return;
    setAddress(guessAddressProperties(known));
    setKept(defaultSynchronizedProperties(known));
  }, [properties.data]);

  const create = async () => {
    if (!list) return;
    setCreating(true);
    setFailure(null);
    try {
      const addressChosen = Object.fromEntries(Object.entries(address).filter(([, property]) => property));
      const started = await synchronizeList(connectionId, {
        listId: list.id, name: name.trim() || list.name, address: addressChosen, properties: kept, ...(operationColumn ? { operationColumn } : {}),
      });
      queryClient.setQueryData<CrmSynchronizedListView[]>(crmQueryKeys.synchronizedLists(connectionId), (before) => [...(before ?? []), started]);
      setCreated(started);
      goTo('sync');
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === ERROR_CODES.crmDataLimitReached) {
        const plan = (caught.details as { plan?: unknown } | undefined)?.plan;
        setFailure({ message: caught.message, plan: isPlan(plan) ? plan : null });
      } else {
        setFailure({ message: caught instanceof ApiError && caught.status < 500 ? caught.message : t('integrations.crm.add.createError') });
      }
    } finally {
      setCreating(false);
    }
  };

  const hasAddress = Object.values(address).some(Boolean);
  const canGoOn = step === 'welcome' || (step === 'list' && list !== null && list.objectType !== null)
    || (step === 'geolocation' && properties.data !== undefined && hasAddress) || (step === 'properties' && !creating);

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (!canGoOn) {
      if (step === 'geolocation' && properties.data && !hasAddress) setFailure({ message: t('integrations.crm.add.addressRequired') });
      return;
    }
    if (step === 'welcome') goTo('list');
    else if (step === 'list') goTo('geolocation');
    else if (step === 'geolocation') goTo('properties');
    else if (step === 'properties') void create();
  };
  /** Enter goes on from anywhere in a step (a title, a radio, a checkbox), not only from a text field; buttons and menus keep their own Enter. */
  const enterGoesOn = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    if ((event.target as HTMLElement).closest('button, a, select, textarea')) return;
    event.preventDefault();
    event.currentTarget.requestSubmit();
  };
  const back = () => goTo(STEPS[Math.max(0, STEPS.indexOf(step as (typeof STEPS)[number]) - 1)]!);

  const current = step === 'sync' ? STEPS.length : STEPS.indexOf(step);
  const title = step === 'sync' ? t('integrations.crm.add.steps.sync') : t(`integrations.crm.add.steps.${step}`);

  return (
    <dialog {...dialog} className="dialog add-list-dialog" aria-labelledby={`${id}-title`} data-testid="add-list-dialog" data-step={step}>
      <div className="dialog-header">
        <h2 id={`${id}-title`}>{t('integrations.crm.add.title')}</h2>
        <button type="button" className="icon-button" aria-label={t('app.close')} disabled={creating} onClick={onClose} data-testid="add-list-close">×</button>
      </div>
      <form className="dialog-body add-list-body" onSubmit={next} onKeyDown={enterGoesOn} noValidate>
        <ol className="import-steps" aria-label={t('integrations.crm.add.stepsLabel')}>
          {STEPS.map((name, index) => (
            <li key={name} className={index === current ? 'import-step import-step-current' : index < current ? 'import-step import-step-done' : 'import-step'}
              aria-current={index === current ? 'step' : undefined}>
              <span className="import-step-number" aria-hidden>{index + 1}</span>
              <span className="import-step-name">{t(`integrations.crm.add.steps.${name}`)}</span>
            </li>
          ))}
        </ol>
        <h3 ref={heading} tabIndex={-1} className="visually-hidden">{t('integrations.crm.add.stepOf', { step: Math.min(current + 1, STEPS.length), steps: STEPS.length, title })}</h3>

        {step === 'welcome' && <Welcome />}
        {step === 'list' && <ListStep connectionId={connectionId} chosen={list} onChoose={chooseList} />}
        {step === 'geolocation' && (
          <GeolocationStep properties={properties.data} loading={properties.isPending} failed={properties.isError} address={address}
            samples={samples.data} onChange={(part, property) => { setFailure(null); setAddress((before) => ({ ...before, [part]: property || undefined })); }} />
        )}
        {step === 'properties' && properties.data && (
          <PropertiesStep properties={properties.data} kept={kept} samples={samples.data} address={address}
            operationColumn={operationColumn} name={name} onName={setName} onOperationColumn={setOperationColumn}
            onToggle={(property, keep) => {
              setKept((before) => (keep ? [...before, property].filter((value, index, all) => all.indexOf(value) === index) : before.filter((value) => value !== property)));
              if (!keep && property === operationColumn) setOperationColumn('');
            }} />
        )}
        {step === 'sync' && created && <SyncStep connectionId={connectionId} created={created} />}

        {failure && (
          <div className="form-error" role="alert" data-testid="add-list-error">
            <p>{failure.message}</p>
            {failure.plan !== undefined && (
              <button type="button" className="button button-small" data-testid="add-list-see-plans" onClick={() => openPlans({ plan: failure.plan ?? null, feature: FEATURES.crm })}>
                {t('planLock.seePlans')}
              </button>
            )}
          </div>
        )}

        <div className="dialog-actions">
          {step !== 'welcome' && step !== 'sync' && (
            <button type="button" className="button" disabled={creating} onClick={back} data-testid="add-list-back">{t('integrations.crm.add.back')}</button>
          )}
          {step === 'sync' ? (
            <button type="button" className="button button-primary" onClick={onClose} data-testid="add-list-done">{t('app.close')}</button>
          ) : (
            <button type="submit" className="button button-primary" disabled={!canGoOn && step !== 'geolocation'} data-testid="add-list-next">
              {step === 'properties' ? (creating ? t('integrations.crm.add.creating') : t('integrations.crm.add.create')) : t('integrations.crm.add.next')}
            </button>
          )}
        </div>
      </form>
    </dialog>
  );
}

function Welcome() {
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

function ListStep({ connectionId, chosen, onChoose }: { connectionId: number; chosen: CrmRemoteListView | null; onChoose(list: CrmRemoteListView): void }) {
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

function GeolocationStep({ properties, loading, failed, address, samples, onChange }: {
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

function PropertiesStep({ properties, kept, samples, address, operationColumn, name, onName, onOperationColumn, onToggle }: {
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
function SyncStep({ connectionId, created }: { connectionId: number; created: CrmSynchronizedListView }) {
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
