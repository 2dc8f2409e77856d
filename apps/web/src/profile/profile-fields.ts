/**
 * The profile form's fields (SPEC §3's User: identity, company, billing address) and what changed
 * between the saved user and the form, as POST /Clients/{id}/updateClientInfo takes it.
 */
import type { User } from '@catchment/domain';
import type { ProfileChanges } from '../api/account.js';

export const PROFILE_FIELDS = [
  'firstName', 'lastName', 'phone', 'company', 'companySector', 'vat',
  'addressLine1', 'addressLine2', 'postalCode', 'city', 'country',
] as const;

export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileForm = Record<ProfileField, string>;

/** The names are required; the rest may be cleared. */
export const REQUIRED_PROFILE_FIELDS: readonly ProfileField[] = ['firstName', 'lastName'];

export function profileFormOf(user: Pick<User, ProfileField>): ProfileForm {
  return Object.fromEntries(PROFILE_FIELDS.map((field) => [field, user[field] ?? ''])) as ProfileForm;
}

/** The fields whose value differs from the saved one, trimmed; a cleared field is sent empty. */
export function profileChanges(user: Pick<User, ProfileField>, form: ProfileForm): ProfileChanges {
  const changes: ProfileChanges = {};
  for (const field of PROFILE_FIELDS) {
    const value = form[field].trim();
    if (value !== (user[field] ?? '').trim()) changes[field] = value;
  }
  return changes;
}

/** Catalogue keys of the fields that may not be sent as they are. */
export function profileFormErrors(form: ProfileForm): Partial<Record<ProfileField, string>> {
  const errors: Partial<Record<ProfileField, string>> = {};
  for (const field of REQUIRED_PROFILE_FIELDS) if (form[field].trim() === '') errors[field] = 'validation.required';
  return errors;
}
