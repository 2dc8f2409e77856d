/** App keys (SPEC §3 User appKeys, §7): the calls that list and revoke them, and what they answer. */
import { z } from 'zod';
import { APP_KEY_PATTERN, type AppKeyKind } from '../appkeys/app-keys.js';
import { clientIdParam } from './auth.js';
import { autocompleteQuery, countDraftSearchBody } from './searches.js';

const appKey = z.string().regex(APP_KEY_PATTERN, { error: 'validation.appKey' });

export const appKeyParam = z.object({ key: appKey });
export const clientAppKeyParams = clientIdParam.extend({ key: appKey });

/** An account's key, as GET /Clients/{id}/appKeys lists it. */
export interface AppKeyView {
  key: string;
  kind: AppKeyKind;
  createdAt: string;
  /** False for a paid key while the account's plan is free: its calls answer APP_KEY_PLAN_ENDED. */
  active: boolean;
  /** Calls answered this month (UTC), every call together. */
  callsThisMonth: number;
  /** Calls per minute the key is allowed. */
  requestsPerMinute: number;
}

/** POST /Appkeys/{key}/business: how many of a catalogue's businesses each polygon holds (the editor's draft count). */
export const appKeyBusinessBody = countDraftSearchBody;

/** POST /Appkeys/{key}/searches/autocompleteNames and …/autocompleteCategories: the editor's suggestions, by key. */
export const appKeyAutocompleteBody = autocompleteQuery;
