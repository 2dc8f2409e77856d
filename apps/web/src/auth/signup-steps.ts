/**
 * The sign-up stepper's model (SPEC §2: type/need, name/profile, login): what each step asks, the
 * checks made before moving on (the server checks everything again), and the body sent at the end.
 */
import type { AccountKind, SignupBody, SignupNeed } from '@catchment/domain';
import type { Attribution } from './attribution.js';

export const SIGNUP_STEPS = ['project', 'profile', 'login'] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number];

export interface SignupDraft {
  kind: AccountKind | '';
  need: SignupNeed | '';
  firstName: string;
  lastName: string;
  company: string;
  companySector: string;
  phone: string;
  country: string;
  email: string;
  password: string;
  passwordConfirmation: string;
  acceptTerms: boolean;
}

export type SignupField = keyof SignupDraft;

export const EMPTY_DRAFT: SignupDraft = {
  kind: '', need: '', firstName: '', lastName: '', company: '', companySector: '', phone: '', country: '',
  email: '', password: '', passwordConfirmation: '', acceptTerms: false,
};

const FIELDS_BY_STEP: Record<SignupStep, readonly SignupField[]> = {
  project: ['kind', 'need'],
  profile: ['firstName', 'lastName', 'company', 'companySector', 'phone', 'country'],
  login: ['email', 'password', 'passwordConfirmation', 'acceptTerms'],
};

/** The step holding a field, so that an error the server finds brings the user back to it. */
export function stepOfField(field: string): SignupStep | undefined {
  return SIGNUP_STEPS.find((step) => (FIELDS_BY_STEP[step] as readonly string[]).includes(field));
}

export function fieldsOfStep(step: SignupStep): readonly SignupField[] {
  return FIELDS_BY_STEP[step];
}

/** A company or a franchise network signs up under its name. */
export function asksForCompany(kind: SignupDraft['kind']): boolean {
  return kind === 'company' || kind === 'franchise';
}

/** The same loose check as the browser's type=email: something@something.something. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The API's minimum (validation.passwordTooShort). */
export const PASSWORD_MIN_LENGTH = 8;

/** Catalogue keys of the problems in a step's fields; empty when the user may go on. */
export function stepErrors(step: SignupStep, draft: SignupDraft): Partial<Record<SignupField, string>> {
  const errors: Partial<Record<SignupField, string>> = {};
  const required = (field: SignupField) => {
    const value = draft[field];
    if (typeof value === 'string' && value.trim() === '') errors[field] = 'validation.required';
  };
  if (step === 'project') {
    required('kind');
    required('need');
  } else if (step === 'profile') {
    required('firstName');
    required('lastName');
    if (asksForCompany(draft.kind)) required('company');
  } else {
    required('email');
    if (!errors.email && !EMAIL_PATTERN.test(draft.email.trim())) errors.email = 'validation.email';
    required('password');
    if (!errors.password && draft.password.length < PASSWORD_MIN_LENGTH) errors.password = 'validation.passwordTooShort';
    if (draft.passwordConfirmation !== draft.password) errors.passwordConfirmation = 'validation.passwordsDiffer';
    if (!draft.acceptTerms) errors.acceptTerms = 'validation.acceptTerms';
  }
  return errors;
}

/** POST /Clients: the draft's fields (empty ones left out) with where the visitor came from. */
export function signupBodyOf(draft: SignupDraft, attribution: Attribution): SignupBody {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const body: SignupBody = {
    // Sent as ticked or not: the server owns the rule too.
    acceptTerms: draft.acceptTerms as true,
    email: draft.email.trim(),
    password: draft.password,
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    accountKind: draft.kind === '' ? undefined : draft.kind,
    need: draft.need === '' ? undefined : draft.need,
    company: asksForCompany(draft.kind) || draft.kind === 'other' ? optional(draft.company) : undefined,
    companySector: optional(draft.companySector),
    phone: optional(draft.phone),
    country: optional(draft.country),
    ...attribution,
  };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as SignupBody;
}
