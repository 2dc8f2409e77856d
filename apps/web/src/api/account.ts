/**
 * Account calls (SPEC §7, Auth and clients): e-mail verification, forgotten and changed passwords,
 * e-mail change, profile details, and the session record a login opens and a logout closes.
 */
import type { SessionBody, User } from '@catchment/domain';
import { apiRequest } from './client.js';

/** POST /Clients/{id}/updateClientInfo: the profile's editable fields; an empty string clears one. */
export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  phone?: string;
  company?: string;
  companySector?: string;
  vat?: string;
  addressLine1?: string;
  addressLine2?: string;
  country?: string;
  postalCode?: string;
  city?: string;
}

export function verifyEmail(token: string): Promise<User> {
  return apiRequest<User>('POST', '/auth/verify-email', { token });
}

export function resendVerificationEmail(): Promise<void> {
  return apiRequest<void>('POST', '/auth/verify-email/resend');
}

export function requestPasswordReset(email: string): Promise<void> {
  return apiRequest<void>('POST', '/auth/forgotPassword', { email });
}

export function resetPassword(token: string, password: string): Promise<void> {
  return apiRequest<void>('POST', '/auth/password/reset', { token, password });
}

export function changePassword(currentPassword: string, password: string): Promise<void> {
  return apiRequest<void>('PUT', '/auth/password', { currentPassword, password });
}

/** Confirms the current password; the e-mail change that follows must come within minutes. */
export function confirmCurrentPassword(password: string): Promise<void> {
  return apiRequest<void>('POST', '/Clients/verify/password', { password });
}

export function requestEmailChange(email: string): Promise<void> {
  return apiRequest<void>('POST', '/Clients/email/change-request', { email });
}

export function confirmEmailChange(token: string): Promise<User> {
  return apiRequest<User>('POST', '/Clients/email/confirm', { token });
}

export function updateProfile(clientId: number, changes: ProfileChanges): Promise<User> {
  return apiRequest<User>('POST', `/Clients/${clientId}/updateClientInfo`, changes);
}

export function logoutEverywhere(): Promise<void> {
  return apiRequest<void>('POST', '/auth/logout-everywhere');
}

export function describeSession(clientId: number, body: SessionBody): Promise<void> {
  return apiRequest<void>('POST', `/Clients/${clientId}/session`, body);
}

export function closeSession(clientId: number): Promise<void> {
  return apiRequest<void>('DELETE', `/Clients/${clientId}/session`);
}
