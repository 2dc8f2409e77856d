/**
 * App keys (SPEC §3 User appKeys, §7 Appkeys calls): an account's keys, issued as its plan allows
 * (appkeys/ of packages/domain), revoked on request, and the authentication of a call by its key.
 */
import {
  accessOf, APP_KEY_POLICIES, appKeyActive, appKeyKindOf, appKeyKindsFor, DomainError, planInForce, usageMonth,
  type Access, type AppKeyKind, type AppKeyView,
} from '@catchment/domain';
import { planHolder, type ClientsRepository } from '../clients/clients.repository.js';
import type { AppKeysRepository } from './app-keys.repository.js';

/** The key a call came with, checked: who it acts for and what their plan allows. */
export interface AuthenticatedKey {
  id: number;
  kind: AppKeyKind;
  clientId: number;
  access: Access;
}

export class AppKeysService {
  constructor(
    private readonly keys: AppKeysRepository,
    private readonly clients: ClientsRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The account's keys, the missing ones issued first (a demo key always, a paid key with a paid plan). */
  async list(clientId: number): Promise<AppKeyView[]> {
    const plan = planInForce(planHolder(await this.clients.findById(clientId)), this.now());
    await this.keys.issueMissing(clientId, appKeyKindsFor(plan));
    const rows = await this.keys.live(clientId);
    const calls = await this.keys.callsIn(rows.map((row) => row.id), usageMonth(this.now()));
    return rows.map((row) => ({
      key: row.key,
      kind: row.kind,
      createdAt: row.created_at.toISOString(),
      active: appKeyActive(row.kind, plan),
      callsThisMonth: calls.get(row.id) ?? 0,
      requestsPerMinute: APP_KEY_POLICIES[row.kind].requestsPerMinute,
    }));
  }

  /** Revokes one of the account's keys at once; the next list issues a new one of its kind. */
  async revoke(clientId: number, key: string): Promise<void> {
    if (!(await this.keys.revoke(clientId, key))) throw new DomainError('appKeyNotFound');
  }

  /** APP_KEY_INVALID for text that is no live key, APP_KEY_PLAN_ENDED for a paid key on a free plan. */
  async authenticate(key: string): Promise<AuthenticatedKey> {
    const holder = appKeyKindOf(key) ? await this.keys.holder(key) : undefined;
    if (!holder) throw new DomainError('appKeyInvalid');
    const now = this.now();
    if (!appKeyActive(holder.key.kind, planInForce(holder.plan, now))) throw new DomainError('appKeyPlanEnded');
    return { id: holder.key.id, kind: holder.key.kind, clientId: holder.key.client_id, access: accessOf(holder.plan, now) };
  }

  /** Counts a call the key was answered (the month's figure on the profile, and the monthly quotas). */
  countCall(key: AuthenticatedKey, call: string): Promise<void> {
    return this.keys.countCall(key.id, usageMonth(this.now()), call);
  }
}
