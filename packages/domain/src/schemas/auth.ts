import { z } from 'zod';

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

export const userSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().nullable(),
  companySector: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  product: z.string(),
  features: z.array(z.string()),
  lastAccessedMapId: z.number().nullable(),
  date: z.string(),
});
export type User = z.infer<typeof userSchema>;
