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
import { ERROR_CODES, FEATURES, isPlan, type CrmRemoteListView, type Plan } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { crmQueryKeys, getRemoteListProperties, getRemoteListSamples, synchronizeList, type CrmSynchronizedListView } from '../api/crm.js';
import { useModalDialog } from '../app/use-modal-dialog.js';
import { usePlansDialog } from '../plans/plans-dialog-context.js';
import { GeolocationStep, ListStep, PropertiesStep, SyncStep, Welcome } from './add-list-steps.js';
import { defaultSynchronizedProperties, guessAddressProperties, type AddressChoice } from './crm-list-choices.js';
// The stepper's row of steps and the progress bar are the import wizard's.
import '../datasets/datasets.css';

const STEPS = ['welcome', 'list', 'geolocation', 'properties'] as const;
type StepName = (typeof STEPS)[number] | 'sync';
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

