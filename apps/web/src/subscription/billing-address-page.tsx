/**
 * /profile/subscription/billing-address: the name and address printed on the invoices (SPEC §3
 * Billing details), the profile's until saved, and under them the tax they give (rate and reason,
 * following each save). The messages of a field the API's schema or the server refuses (an
 * invalid VAT number…) show beside it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaxTreatment } from '@catchment/domain';
import { getBillingDetails, saveBillingDetails, type BillingDetailsAnswer } from '../api/billing-details.js';
import { usePageTitle } from '../app/page-title.js';
import { countryOptions } from '../auth/countries.js';
import { FormField, SelectField } from '../auth/form-field.js';
import { useSavableForm } from '../auth/savable-form.js';
import { useLocale } from '../i18n/index.js';
import { useProfileUser } from '../profile/profile-layout.js';
import {
  billingBodyOf, billingFormChanged, billingFormErrors, billingFormOf, REQUIRED_BILLING_FIELDS, type BillingField,
} from './billing-address-fields.js';
import './billing-pages.css';

export const billingDetailsQueryKey = (clientId: number) => ['billing', 'billing-details', clientId] as const;

export function BillingAddressPage() {
  const { t } = useTranslation();
  usePageTitle('titles.billingAddress');
  const user = useProfileUser();
  const clientId = user.id;
  const details = useQuery({
    queryKey: billingDetailsQueryKey(clientId),
    queryFn: ({ signal }) => getBillingDetails(clientId, signal),
    // The form keeps what the user types: the answer is read once per visit.
    staleTime: Infinity,
  });
  return (
    <main className="profile-page subscription-child" data-testid="billing-address-page" aria-label={t('titles.billingAddress')}>
      <p className="muted subscription-child-intro">{t('billingAddress.intro')}</p>
      {details.isPending && <p className="muted">{t('app.loading')}</p>}
      {details.isError && (
        <div className="form-error billing-load-error" role="alert">
          <p>{t('billingAddress.loadError')}</p>
          <button type="button" className="button button-small" onClick={() => void details.refetch()}>{t('app.retry')}</button>
        </div>
      )}
      {details.data && <BillingAddressForm clientId={clientId} answer={details.data} />}
    </main>
  );
}

function BillingAddressForm({ clientId, answer }: { clientId: number; answer: BillingDetailsAnswer }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const { formRef, form, set, errors, message, saved, pending, save, reset } = useSavableForm(answer.details, billingFormOf);
  const changed = billingFormChanged(answer.details, form);
  // Until saved the profile's values stand in: saving them as they are is a change too.
  const savable = changed || !answer.saved;

  const submit = (event: FormEvent) => save(event, {
    problems: billingFormErrors(form),
    send: async () => {
      const updated = await saveBillingDetails(clientId, billingBodyOf(form));
      queryClient.setQueryData(billingDetailsQueryKey(clientId), updated);
      // The subscription's price shows its tax, which the address may have changed.
      void queryClient.invalidateQueries({ queryKey: ['billing'], predicate: (query) => query.queryKey[1] !== 'billing-details' });
      return updated.details;
    },
    failure: t('billingAddress.saveError'),
  });

  const required = (field: BillingField) => REQUIRED_BILLING_FIELDS.includes(field);
  const text = (field: BillingField, label: string, options: { autoComplete?: string; type?: string; hint?: string } = {}) => (
    <FormField label={required(field) ? label : t('account.optional', { label })} name={field} type={options.type ?? 'text'}
      autoComplete={options.autoComplete} required={required(field)} hint={options.hint}
      value={form[field]} onChange={(event) => set(field, event.target.value)} error={errors[field]} data-testid={`billing-${field}`} />
  );
  const countries = countryOptions(locale).map((country) => ({ value: country.code, label: country.name }));

  return (
    <>
      <form ref={formRef} className="profile-section" onSubmit={submit} noValidate aria-labelledby="billing-form-title" data-testid="billing-address-form">
        <h2 id="billing-form-title">{t('billingAddress.formTitle')}</h2>
        {!answer.saved && <p className="billing-note billing-from-profile" role="note" data-testid="billing-from-profile">{t('billingAddress.fromProfile')}</p>}
        {message && <p className="form-error" role="alert" data-testid="form-error">{message}</p>}

        <fieldset className="profile-group">
          <legend>{t('billingAddress.who')}</legend>
          <div className="field-row">
            {text('firstName', t('auth.firstName'), { autoComplete: 'billing given-name' })}
            {text('lastName', t('auth.lastName'), { autoComplete: 'billing family-name' })}
          </div>
          <div className="field-row">
            {text('company', t('auth.company'), { autoComplete: 'billing organization' })}
            {text('vat', t('profile.vat'), { hint: t('billingAddress.vatHint') })}
          </div>
          {text('phone', t('profile.phone'), { autoComplete: 'billing tel', type: 'tel' })}
        </fieldset>

        <fieldset className="profile-group">
          <legend>{t('profile.address')}</legend>
          {text('addressLine1', t('profile.addressLine1'), { autoComplete: 'billing address-line1' })}
          {text('addressLine2', t('profile.addressLine2'), { autoComplete: 'billing address-line2' })}
          <div className="field-row">
            {text('postalCode', t('profile.postalCode'), { autoComplete: 'billing postal-code' })}
            {text('city', t('profile.city'), { autoComplete: 'billing address-level2' })}
          </div>
          <SelectField label={t('profile.country')} name="country" autoComplete="billing country" required
            value={form.country} placeholder={t('billingAddress.chooseCountry')} error={errors.country} options={countries}
            onChange={(event) => set('country', event.target.value)} data-testid="billing-country" />
        </fieldset>

        <div className="profile-form-actions">
          <button type="submit" className="button button-primary" disabled={pending || !savable} data-testid="billing-save">
            {pending ? t('account.saving') : t('billingAddress.save')}
          </button>
          {changed && !pending && (
            <button type="button" className="button" onClick={reset}>{t('app.cancel')}</button>
          )}
          {saved && !changed && <p className="form-success-inline" role="status" data-testid="billing-saved">{t('billingAddress.saved')}</p>}
        </div>
      </form>
      <TaxSummary tax={answer.tax} saved={answer.saved} />
    </>
  );
}

/** The tax the saved address (or, until saved, the profile's) gives: its rate and why. */
function TaxSummary({ tax, saved }: { tax: TaxTreatment; saved: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const rate = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(tax.rateBasisPoints / 10_000);
  return (
    <section className="profile-section billing-tax" aria-labelledby="billing-tax-title" data-testid="billing-tax" data-reason={tax.reason}>
      <h2 id="billing-tax-title">{t('billingAddress.taxTitle')}</h2>
      <p className="billing-tax-rate">
        <strong data-testid="billing-tax-rate">{rate}</strong>
        <span>{t(`billing.taxReasons.${tax.reason}`)}</span>
      </p>
      <p className="muted" data-testid="billing-tax-reason">{t(`billingAddress.taxReasons.${tax.reason}`)}</p>
      {!saved && <p className="muted billing-tax-note">{t('billingAddress.taxFromProfile')}</p>}
    </section>
  );
}
