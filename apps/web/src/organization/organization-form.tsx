/**
 * The organisation's report details: its name, the two report colours (a colour picker beside the
 * hexadecimal text, and the default again in one click), a contact line and a website. The shared
 * schema checks them before sending, the server's messages show beside their fields, and only what
 * changed is sent. A small preview shows a report's header and foot with the values typed.
 */
import { useId, type FormEvent, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_REPORT_COLORS, type OrganizationConfiguration } from '@catchment/domain';
import { updateOrganization } from '../api/organization.js';
import { useSavableForm } from '../auth/savable-form.js';
import { organizationChanges, organizationFormErrors, organizationFormOf } from './organization-fields.js';

interface OrganizationFormProps {
  clientId: number;
  configuration: OrganizationConfiguration;
  onSaved(configuration: OrganizationConfiguration): void;
}

const isHexColor = (value: string) => /^#[0-9a-f]{6}$/i.test(value.trim());

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
  error: string | undefined;
}

/** A labelled text input with its hint and error read with it by screen readers. */
function TextField({ label, hint, error, ...input }: TextFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && <p id={`${id}-hint`} className="field-hint">{hint}</p>}
      {error && <p id={`${id}-error`} className="field-error">{error}</p>}
    </div>
  );
}

interface ColorFieldProps {
  field: 'primaryColor' | 'secondaryColor';
  label: string;
  value: string;
  defaultColor: string;
  error: string | undefined;
  onChange(value: string): void;
}

/** A report colour: the browser's colour picker beside the hexadecimal text (either one sets it), and the default again. */
function ColorField({ field, label, value, defaultColor, error, onChange }: ColorFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="organization-color">
        <input type="color" className="organization-color-swatch" aria-label={t('organization.pickColor', { label: label.toLowerCase() })}
          value={isHexColor(value) ? value.trim().toLowerCase() : defaultColor}
          onChange={(event) => onChange(event.target.value)} data-testid={`organization-${field}-picker`} />
        <input id={id} type="text" name={field} value={value} placeholder={defaultColor} spellCheck={false} autoComplete="off"
          aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)} data-testid={`organization-${field}`} />
        <button type="button" className="button button-small button-ghost" disabled={value.trim().toLowerCase() === defaultColor}
          onClick={() => onChange(defaultColor)}>
          {t('organization.defaultColor')}
        </button>
      </div>
      {error && <p id={errorId} className="field-error">{error}</p>}
    </div>
  );
}

export function OrganizationDetailsForm({ clientId, configuration, onSaved }: OrganizationFormProps) {
  const { t } = useTranslation();
  const { formRef, form, set, errors, message, saved, pending, save, reset } = useSavableForm(configuration, organizationFormOf);
  const changes = organizationChanges(configuration, form);
  const changed = Object.keys(changes).length > 0;

  const submit = (event: FormEvent) => save(event, {
    problems: organizationFormErrors(changes),
    unchanged: !changed,
    send: async () => {
      const updated = await updateOrganization(clientId, changes);
      onSaved(updated);
      return updated;
    },
    failure: t('organization.saveError'),
  });

  const color = (field: 'primaryColor' | 'secondaryColor', defaultColor: string) => (
    <ColorField field={field} label={t(`organization.${field}`)} value={form[field]} defaultColor={defaultColor} error={errors[field]}
      onChange={(value) => set(field, value)} />
  );

  const previewColor = (field: 'primaryColor' | 'secondaryColor', defaultColor: string) => (isHexColor(form[field]) ? form[field].trim() : defaultColor);

  return (
    <form ref={formRef} className="profile-section" onSubmit={submit} noValidate aria-labelledby="organization-details-title" data-testid="organization-form">
      <h2 id="organization-details-title">{t('organization.details')}</h2>
      {message && <p className="form-error" role="alert" data-testid="form-error">{message}</p>}

      <div className="organization-grid">
        <fieldset className="organization-fields" disabled={!configuration.editable}>
          <TextField label={t('account.optional', { label: t('organization.name') })} name="name" autoComplete="organization"
            value={form.name} error={errors.name} onChange={(event) => set('name', event.target.value)} data-testid="organization-name" />
          <div className="field-row">
            {color('primaryColor', DEFAULT_REPORT_COLORS.primary)}
            {color('secondaryColor', DEFAULT_REPORT_COLORS.secondary)}
          </div>
          <TextField label={t('account.optional', { label: t('organization.contact') })} name="contact" hint={t('organization.contactHint')}
            value={form.contact} error={errors.contact} onChange={(event) => set('contact', event.target.value)} data-testid="organization-contact" />
          <TextField label={t('account.optional', { label: t('organization.website') })} name="website" inputMode="url" autoComplete="url"
            hint={t('organization.websiteHint')} value={form.website} error={errors.website}
            onChange={(event) => set('website', event.target.value)} data-testid="organization-website" />
        </fieldset>

        <figure className="report-preview" aria-label={t('organization.preview')} data-testid="report-preview">
          <div className="report-preview-header" style={{ background: previewColor('primaryColor', DEFAULT_REPORT_COLORS.primary) }}>
            {configuration.logo && <img src={configuration.logo.url} alt="" className="report-preview-logo" />}
            <span className="report-preview-name">{form.name.trim() || t('organization.previewName')}</span>
          </div>
          <div className="report-preview-body">
            <span className="report-preview-title" style={{ color: previewColor('primaryColor', DEFAULT_REPORT_COLORS.primary) }}>{t('organization.previewTitle')}</span>
            <span className="report-preview-line" />
            <span className="report-preview-line report-preview-line-short" />
            <span className="report-preview-bars">
              {[70, 45, 90, 60].map((height, index) => (
                <span key={height} style={{ height: `${height}%`, background: previewColor(index % 2 ? 'secondaryColor' : 'primaryColor', index % 2 ? DEFAULT_REPORT_COLORS.secondary : DEFAULT_REPORT_COLORS.primary) }} />
              ))}
            </span>
          </div>
          <figcaption className="report-preview-foot" style={{ borderColor: previewColor('secondaryColor', DEFAULT_REPORT_COLORS.secondary) }}>
            {[form.contact.trim(), form.website.trim()].filter(Boolean).join(' · ') || '\u00a0'}
          </figcaption>
        </figure>
      </div>

      {configuration.editable && <div className="profile-form-actions">
        <button type="submit" className="button button-primary" disabled={pending || !changed} data-testid="organization-save">
          {pending ? t('organization.saving') : t('organization.save')}
        </button>
        {changed && !pending && (
          <button type="button" className="button" onClick={reset}>{t('app.cancel')}</button>
        )}
        {saved && !changed && <p className="form-success-inline" role="status" data-testid="organization-saved">{t('organization.saved')}</p>}
      </div>}
    </form>
  );
}
