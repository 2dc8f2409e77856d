/**
 * What the verification page says after following a link from an e-mail (SPEC §8: already
 * verified, token expired, unauthorized, general error; for a change of address: already used,
 * token expired, general error), from the API's answer.
 */
import { ApiError } from '../api/client.js';

export type LinkKind = 'verify' | 'emailChange';

export type LinkOutcome = 'verified' | 'emailChanged' | 'alreadyVerified' | 'expired' | 'invalid' | 'emailUsed' | 'unauthorized' | 'error';

/** The link in the address bar: ?token= confirms the address, ?emailChange= confirms a new one. */
export function linkOf(params: URLSearchParams): { kind: LinkKind; token: string } | null {
  const change = params.get('emailChange')?.trim();
  if (change) return { kind: 'emailChange', token: change };
  const token = params.get('token')?.trim();
  return token ? { kind: 'verify', token } : null;
}

export function outcomeOfSuccess(kind: LinkKind): LinkOutcome {
  return kind === 'verify' ? 'verified' : 'emailChanged';
}

export function outcomeOfError(error: unknown): LinkOutcome {
  if (!(error instanceof ApiError)) return 'error';
  switch (error.code) {
    case 'EMAIL_ALREADY_VERIFIED': return 'alreadyVerified';
    case 'TOKEN_EXPIRED': return 'expired';
    case 'TOKEN_INVALID': return 'invalid';
    case 'EMAIL_ALREADY_USED': return 'emailUsed';
    default:
      if (error.status === 401 || error.status === 403) return 'unauthorized';
      // A token the schema refuses (cut, altered) is as invalid as an unknown one.
      if (error.status === 400 || error.status === 404) return 'invalid';
      if (error.status === 410) return 'expired';
      return 'error';
  }
}
