/**
 * The organisation form's values as typed, what changed against the saved configuration, and the
 * messages of the shared schema (the server's rules) by field, before anything is sent.
 */
import { organizationConfigurationBody, type OrganizationConfiguration } from '@catchment/domain';

export const ORGANIZATION_FIELDS = ['name', 'primaryColor', 'secondaryColor', 'contact', 'website'] as const;
export type OrganizationField = (typeof ORGANIZATION_FIELDS)[number];
export type OrganizationForm = Record<OrganizationField, string>;

export function organizationFormOf(configuration: OrganizationConfiguration): OrganizationForm {
  return {
    name: configuration.name ?? '',
    primaryColor: configuration.primaryColor,
    secondaryColor: configuration.secondaryColor,
    contact: configuration.contact ?? '',
    website: configuration.website ?? '',
  };
}

/** The fields whose text differs from the saved one (a cleared text is sent as '', which clears it). */
export function organizationChanges(configuration: OrganizationConfiguration, form: OrganizationForm): Partial<OrganizationForm> {
  const saved = organizationFormOf(configuration);
  const changes: Partial<OrganizationForm> = {};
  for (const field of ORGANIZATION_FIELDS) {
    const same = field === 'primaryColor' || field === 'secondaryColor'
      ? form[field].trim().toLowerCase() === saved[field].toLowerCase()
      : form[field].trim() === saved[field].trim();
    if (!same) changes[field] = form[field];
  }
  return changes;
}

/** The catalogue key of each field's first problem, by the schema the API applies. */
export function organizationFormErrors(changes: Partial<OrganizationForm>): Partial<Record<OrganizationField, string>> {
  const result = organizationConfigurationBody.safeParse(changes);
  if (result.success) return {};
  const errors: Partial<Record<OrganizationField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as OrganizationField | undefined;
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}
