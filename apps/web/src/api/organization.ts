/**
 * The organisation configuration and its logo (SPEC §7): GET and PATCH
 * /Clients/{id}/organization/configuration, POST …/setLogo {logo, ext}, DELETE …/organization/logo.
 * The upload goes through XMLHttpRequest, the one browser API that reports an upload's progress,
 * with the same headers, 401 handling and errors as every other call (client.ts).
 */
import type { LogoImageType, OrganizationConfiguration, OrganizationConfigurationBody } from '@catchment/domain';
import { currentLocale } from '../i18n/locale-state.js';
import { API_PREFIX, ApiError, apiRequest } from './client.js';
import { redirectToLogin, scheduleSessionExpiry } from './session-expiry.js';

const configurationPath = (clientId: number) => `/Clients/${clientId}/organization/configuration`;

export function getOrganization(clientId: number, signal?: AbortSignal): Promise<OrganizationConfiguration> {
  return apiRequest<OrganizationConfiguration>('GET', configurationPath(clientId), undefined, signal ? { signal } : {});
}

/** The fields given change (null or '' clears one, a null colour is the default again). */
export function updateOrganization(clientId: number, changes: Partial<Record<keyof OrganizationConfigurationBody, string | null>>): Promise<OrganizationConfiguration> {
  return apiRequest<OrganizationConfiguration>('PATCH', configurationPath(clientId), changes);
}

export function removeLogo(clientId: number): Promise<void> {
  return apiRequest<void>('DELETE', `/Clients/${clientId}/organization/logo`);
}

/** An upload that never reached the server or got no answer from it (network down, server unreachable). */
export class UploadFailedError extends Error {
  constructor() {
    super('upload failed');
    this.name = 'UploadFailedError';
  }
}

export interface LogoUpload {
  /** The file as a data: URL (FileReader.readAsDataURL), which the API accepts as base64. */
  dataUrl: string;
  type: LogoImageType;
  /** From 0 to 1, as the request's body leaves the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** POST …/setLogo: the new configuration, or an ApiError with the server's message, or UploadFailedError. */
export function uploadLogo(clientId: number, upload: LogoUpload): Promise<OrganizationConfiguration> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_PREFIX}/Clients/${clientId}/organization/setLogo`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', currentLocale());
    request.setRequestHeader('Cache-Control', 'no-cache');
    request.setRequestHeader('Content-Type', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) upload.onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => reject(new UploadFailedError());
    request.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    request.onload = () => {
      const lifeTime = request.getResponseHeader('token-life-time');
      if (lifeTime !== null && Number.isFinite(Number(lifeTime))) scheduleSessionExpiry(Number(lifeTime));
      let body: unknown;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(body as OrganizationConfiguration);
        return;
      }
      if (request.status === 401) redirectToLogin();
      const error = (body as { error?: { code?: string; message?: string; details?: unknown } } | undefined)?.error;
      // Without the API's error body (a proxy's page, a gateway timeout) the upload itself failed.
      if (!error?.message) reject(new UploadFailedError());
      else reject(new ApiError(request.status, error.code ?? `HTTP_${request.status}`, error.message, error.details));
    };
    upload.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(JSON.stringify({ logo: upload.dataUrl, ext: upload.type }));
  });
}
