/**
 * The profile's details (SPEC §3's User): identity, company and VAT number, billing address. Only
 * what changed is sent; the server's messages (an invalid VAT number…) show beside their fields.
 */
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@catchment/domain';
import { updateProfile } from '../api/account.js';
import { SECTORS, isSector } from '../auth/account-options.js';
import { countryCodeOf, countryOptions } from '../auth/countries.js';
import { FormField, SelectField } from '../auth/form-field.js';
import { useSavableForm } from '../auth/savable-form.js';
import { useSetSessionUser } from '../auth/use-session.js';
import { useLocale } from '../i18n/index.js';
import { profileChanges, profileFormErrors, profileFormOf, type ProfileField } from './profile-fields.js';

export function ProfileDetailsForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const setSessionUser = useSetSessionUser();
  const { formRef, form, set, errors, message, saved, pending, save, reset } = useSavableForm(user, profileFormOf);
  const changes = profileChanges(user, form);
  const changed = Object.keys(changes).length > 0;

  const submit = (event: FormEvent) => save(event, {
    problems: profileFormErrors(form),
    unchanged: !changed,
    send: async () => {
      const updated = await updateProfile(user.id, changes);
      setSessionUser(updated);
      return updated;
    },
    failure: t('profile.updateError'),
  });

  const text = (field: ProfileField, label: string, options: { autoComplete?: string; type?: string; hint?: string; required?: boolean } = {}) => (
    <FormField label={options.required ? label : t('account.optional', { label })} name={field} type={options.type ?? 'text'}
      autoComplete={options.autoComplete} required={options.required} hint={options.hint}
      value={form[field]} onChange={(event) => set(field, event.target.value)} error={errors[field]} data-testid={`profile-${field}`} />
  );

  // A sector typed before the list existed stays choosable as it was.
  const sectorOptions: Array<{ value: string; label: string }> = SECTORS.map((sector) => ({ value: sector, label: t(`account.sectors.${sector}`) }));
  if (form.companySector && !isSector(form.companySector)) sectorOptions.push({ value: form.companySector, label: form.companySector });
  // Likewise a country typed as text; a code is shown by its name.
  const countryValue = countryCodeOf(form.country) ?? form.country;
  const countries = countryOptions(locale).map((country) => ({ value: country.code, label: country.name }));
  if (countryValue && !countryCodeOf(countryValue)) countries.push({ value: countryValue, label: countryValue });

  return (
    <form ref={formRef} className="profile-section" onSubmit={submit} noValidate aria-labelledby="details-title" data-testid="profile-details-form">
      <h2 id="details-title">{t('profile.details')}</h2>
      {message && <p className="form-error" role="alert" data-testid="form-error">{message}</p>}

      <fieldset className="profile-group">
        <legend>{t('profile.identity')}</legend>
        <div className="field-row">
          {text('firstName', t('auth.firstName'), { autoComplete: 'given-name', required: true })}
          {text('lastName', t('auth.lastName'), { autoComplete: 'family-name', required: true })}
        </div>
        {text('phone', t('profile.phone'), { autoComplete: 'tel', type: 'tel' })}
      </fieldset>

      <fieldset className="profile-group">
        <legend>{t('profile.companyGroup')}</legend>
        <div className="field-row">
          {text('company', t('auth.company'), { autoComplete: 'organization' })}
          <SelectField label={t('account.optional', { label: t('profile.companySector') })} name="companySector"
            value={form.companySector} placeholder={t('account.none')} options={sectorOptions} error={errors.companySector}
            onChange={(event) => set('companySector', event.target.value)} data-testid="profile-companySector" />
        </div>
        {text('vat', t('profile.vat'), { hint: t('profile.vatHint') })}
      </fieldset>

      <fieldset className="profile-group">
        <legend>{t('profile.address')}</legend>
        {text('addressLine1', t('profile.addressLine1'), { autoComplete: 'address-line1' })}
        {text('addressLine2', t('profile.addressLine2'), { autoComplete: 'address-line2' })}
        <div className="field-row">
          {text('postalCode', t('profile.postalCode'), { autoComplete: 'postal-code' })}
          {text('city', t('profile.city'), { autoComplete: 'address-level2' })}
        </div>
        <SelectField label={t('account.optional', { label: t('profile.country') })} name="country" autoComplete="country"
          value={countryValue} placeholder={t('account.none')} error={errors.country} options={countries}
          onChange={(event) => set('country', event.target.value)} data-testid="profile-country" />
      </fieldset>

      <div className="profile-form-actions">
        <button type="submit" className="button button-primary" disabled={pending || !changed} data-testid="profile-save">
          {pending ? t('account.saving') : t('profile.save')}
        </button>
        {changed && !pending && (
          <button type="button" className="button" onClick={reset}>{t('app.cancel')}</button>
        )}
        {saved && !changed && <p className="form-success-inline" role="status" data-testid="profile-saved">{t('profile.saved')}</p>}
      </div>
    </form>
  );
}
