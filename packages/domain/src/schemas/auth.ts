import { z } from 'zod';
import { ACCOUNT_KINDS, SIGNUP_NEEDS } from '../accounts/signup-answers.js';
import { isValidVat } from '../accounts/vat.js';

export const email = z.email({ error: 'validation.email' }).trim().toLowerCase().max(254, { error: 'validation.tooLong' });
export const password = z.string({ error: 'validation.required' }).min(8, { error: 'validation.passwordTooShort' }).max(200, { error: 'validation.tooLong' });
const name = z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(100, { error: 'validation.tooLong' });
const optionalText = z.string().trim().max(200, { error: 'validation.tooLong' }).optional();

/** POST /Clients: sign up. The terms of use (CGU) must be accepted. */
export const signupBody = z.object({
  acceptTerms: z.literal(true, { error: 'validation.acceptTerms' }),
  email,
  password,
  firstName: name,
  lastName: name,
  /** The stepper's first step: who signs up and what for. */
  accountKind: z.enum(ACCOUNT_KINDS, { error: 'validation.invalid' }).optional(),
  need: z.enum(SIGNUP_NEEDS, { error: 'validation.invalid' }).optional(),
  company: optionalText,
  companySector: optionalText,
  phone: optionalText,
  country: optionalText,
  referrer: optionalText,
  firstPageSeen: optionalText,
  utmSource: optionalText,
  utmMedium: optionalText,
  utmCampaign: optionalText,
});
export type SignupBody = z.infer<typeof signupBody>;

export const loginBody = z.object({ email, password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(200) });
export type LoginBody = z.infer<typeof loginBody>;

export const clientIdParam = z.object({ id: z.coerce.number({ error: 'validation.clientId' }).int().positive({ error: 'validation.clientId' }) });
export const emailParam = z.object({ email: z.string().max(254) });

/** POST /Clients/{id}/session: opens a session record with a browser fingerprint and an approximate location. */
export const sessionBody = z.object({
  fingerprint: z.string().max(200).optional(),
  lng: z.number().min(-180).max(180).optional(),
  lat: z.number().min(-90).max(90).optional(),
});
export type SessionBody = z.infer<typeof sessionBody>;

/** A single-use token from an account e-mail's link. */
const accountToken = z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(200, { error: 'validation.tooLong' });
const currentPassword = z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(200, { error: 'validation.tooLong' });

/** POST /auth/verify-email: the token of the sign-up's verification link. */
export const verifyEmailBody = z.object({ token: accountToken });
/** POST /auth/forgotPassword: where to send the reset link (answered the same whether or not the address has an account). */
export const forgotPasswordBody = z.object({ email });
/** POST /auth/password/reset: the reset link's token and the new password. */
export const resetPasswordBody = z.object({ token: accountToken, password });
/** PUT /auth/password: the logged-in user's password change. */
export const changePasswordBody = z.object({ currentPassword, password });
/** POST /Clients/verify/password: the current password, typed again before an e-mail change. */
export const verifyPasswordBody = z.object({ password: currentPassword });
/** POST /Clients/email/change-request: the new address, to which the confirmation link is sent. */
export const emailChangeRequestBody = z.object({ email });
/** POST /Clients/email/confirm: the token of the new address's confirmation link. */
export const emailConfirmBody = z.object({ token: accountToken });
export type VerifyEmailBody = z.infer<typeof verifyEmailBody>;
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** A profile field that may be cleared: an empty string removes it. */
const clearableText = z.string({ error: 'validation.invalid' }).trim().max(200, { error: 'validation.tooLong' }).optional();

/**
 * An EU VAT number (SPEC §5) as typed: separators and case do not matter (the server stores it
 * normalised); an empty string removes it.
 */
export const vatNumber = z.string({ error: 'validation.vat' }).trim().max(50, { error: 'validation.vat' })
  .refine((value) => value === '' || isValidVat(value), { error: 'validation.vat' });

/** POST /Clients/{id}/updateClientInfo: the fields given change, the others stay. */
export const updateClientInfoBody = z.object({
  firstName: name.optional(),
  lastName: name.optional(),
  phone: clearableText,
  company: clearableText,
  companySector: clearableText,
  vat: vatNumber.optional(),
  addressLine1: clearableText,
  addressLine2: clearableText,
  country: clearableText,
  postalCode: clearableText,
  city: clearableText,
});
export type UpdateClientInfoBody = z.infer<typeof updateClientInfoBody>;

export const userSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().nullable(),
  companySector: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  /** The plan in force (the free plan once a plan's end date has passed). */
  product: z.string(),
  /** When the stored plan ends (ISO); null: it does not. */
  productEndDate: z.string().nullable(),
  /** The feature patterns the plan in force grants (plans/features.ts). */
  features: z.array(z.string()),
  /** Points of own data the account may keep: its plan's pins and the extra packs it bought (SPEC §9). */
  pins: z.number(),
  lastAccessedMapId: z.number().nullable(),
  date: z.string(),
  /** Whether the user opened the verification link of their current address. */
  emailVerified: z.boolean(),
  /** Billing identity (SPEC §3), set through updateClientInfo; the VAT number normalised (accounts/vat.ts). */
  vat: z.string().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  domain: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;
