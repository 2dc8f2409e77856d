import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, signupBodyOf, stepErrors, stepOfField, type SignupDraft } from './signup-steps.js';

const complete: SignupDraft = {
  kind: 'company', need: 'siteSelection', firstName: ' Ada ', lastName: 'Lovelace', company: 'Analytical Engines',
  companySector: 'retail', phone: '', country: 'GB', email: ' ada@example.com ', password: 'a long enough one',
  passwordConfirmation: 'a long enough one', acceptTerms: true,
};

describe('stepErrors', () => {
  it('lets a complete draft through every step', () => {
    for (const step of ['project', 'profile', 'login'] as const) expect(stepErrors(step, complete)).toEqual({});
  });

  it('asks for what the user wants to do and who they are', () => {
    expect(stepErrors('project', EMPTY_DRAFT)).toEqual({ kind: 'validation.required', need: 'validation.required' });
  });

  it('asks for names, and the company name only from a company or a franchise network', () => {
    expect(stepErrors('profile', { ...complete, firstName: '  ', company: '' })).toEqual({ firstName: 'validation.required', company: 'validation.required' });
    expect(stepErrors('profile', { ...complete, kind: 'franchise', company: '' })).toEqual({ company: 'validation.required' });
    expect(stepErrors('profile', { ...complete, kind: 'individual', company: '' })).toEqual({});
  });

  it('checks the e-mail, the password, its confirmation and the terms with the specification’s messages', () => {
    expect(stepErrors('login', { ...complete, email: 'ada@', password: 'short', passwordConfirmation: 'shorter', acceptTerms: false })).toEqual({
      email: 'validation.email',
      password: 'validation.passwordTooShort',
      passwordConfirmation: 'validation.passwordsDiffer',
      acceptTerms: 'validation.acceptTerms',
    });
    expect(stepErrors('login', { ...complete, email: '', password: '', passwordConfirmation: '' })).toEqual({
      email: 'validation.required', password: 'validation.required',
    });
  });
});

describe('stepOfField', () => {
  it('finds the step of a field the server refused', () => {
    expect(stepOfField('password')).toBe('login');
    expect(stepOfField('lastName')).toBe('profile');
    expect(stepOfField('need')).toBe('project');
    expect(stepOfField('referrer')).toBeUndefined();
  });
});

describe('signupBodyOf', () => {
  it('sends trimmed fields, leaves empty ones out, and adds where the visitor came from', () => {
    expect(signupBodyOf(complete, { firstPageSeen: '/app/', utmSource: 'newsletter' })).toEqual({
      acceptTerms: true, email: 'ada@example.com', password: 'a long enough one', firstName: 'Ada', lastName: 'Lovelace',
      accountKind: 'company', need: 'siteSelection', company: 'Analytical Engines', companySector: 'retail', country: 'GB', firstPageSeen: '/app/', utmSource: 'newsletter',
    });
  });

  it('does not send a company typed before the user said they sign up for themselves', () => {
    expect(signupBodyOf({ ...complete, kind: 'individual' }, {}).company).toBeUndefined();
  });
});
