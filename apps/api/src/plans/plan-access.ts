/**
 * The server's side of plan gating (SPEC §6): the plan in force for the caller, read from the
 * database at each request (so that a plan set by the billing provider, another API process or
 * `npm run data -- users set-plan` counts at the user's next request), and the 403 PLAN_REQUIRED
 * that names the cheapest plan unlocking what was refused. The rules are packages/domain's
 * (plans/): the web app shows its locks from the same ones.
 */
import { accessOf, cheapestPlanGranting, DomainError, featureGranted, planInForce, type Access, type Plan } from '@catchment/domain';
import { planHolder, type ClientRow, type ClientsRepository } from '../clients/clients.repository.js';

/** The plan in force for a stored account (the free plan once its end date has passed). */
export function planInForceOf(row: ClientRow | undefined, now: Date = new Date()): Plan {
  return planInForce(planHolder(row), now).id;
}

export const planRequired = (feature: string) =>
  new DomainError('planRequired', { details: { feature, plan: cheapestPlanGranting(feature) } });

/** Throws 403 PLAN_REQUIRED unless the access grants every one of `features`; else the access. */
export function requireFeatures(access: Access, ...features: string[]): Access {
  const missing = features.find((feature) => !featureGranted(access.features, feature));
  if (missing) throw planRequired(missing);
  return access;
}

export class PlanAccess {
  constructor(private readonly clients: ClientsRepository, private readonly now: () => Date = () => new Date()) {}

  /** The caller's access; a visitor (no session) or a deleted account has the free plan's. */
  async of(clientId: number | undefined): Promise<Access> {
    const client = clientId === undefined ? undefined : await this.clients.findById(clientId);
    return accessOf(planHolder(client), this.now());
  }

  /** Throws 403 PLAN_REQUIRED unless the caller's plan grants every one of `features`. */
  async require(clientId: number | undefined, ...features: string[]): Promise<Access> {
    return requireFeatures(await this.of(clientId), ...features);
  }
}
