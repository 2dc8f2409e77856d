/** Liveness as a load balancer or an operator sees it: the process answers and so does its database. */
import type { DatabaseKind } from '../db/database.js';
import type { HealthRepository } from './health.repository.js';

export interface Health { status: 'ok'; database: DatabaseKind }

export class HealthService {
  constructor(private readonly repository: HealthRepository, private readonly database: DatabaseKind) {}

  /** Ok with the kind of database in use; throws (a 500) when the database does not answer. */
  async check(): Promise<Health> {
    await this.repository.ping();
    return { status: 'ok', database: this.database };
  }
}
