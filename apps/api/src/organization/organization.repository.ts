/** The organisation's report settings and logo of an account (migration 010); the only code that reads or writes them. */
import type { Kysely, Selectable } from 'kysely';
import type { Database, OrganizationConfigurationsTable } from '../db/schema.js';

export type ConfigurationRow = Selectable<OrganizationConfigurationsTable>;

/** What a PATCH changes: a field given (null clears it) is written, the others stay. */
export interface ConfigurationChanges {
  name?: string | null | undefined;
  primaryColor?: string | null | undefined;
  secondaryColor?: string | null | undefined;
  contact?: string | null | undefined;
  website?: string | null | undefined;
}

/** Everything of a logo but its bytes: what the configuration shows of it. */
export interface LogoSummary {
  contentType: string;
  byteLength: number;
  widthPixels: number;
  heightPixels: number;
  sha256: string;
  updatedAt: Date;
}

export interface StoredLogo extends LogoSummary {
  content: Buffer;
}

export type NewLogo = Omit<StoredLogo, 'updatedAt'>;

type TextColumn = 'name' | 'primary_color' | 'secondary_color' | 'contact' | 'website';

const COLUMNS: Record<keyof ConfigurationChanges, TextColumn> = {
  name: 'name', primaryColor: 'primary_color', secondaryColor: 'secondary_color', contact: 'contact', website: 'website',
};

export class OrganizationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findConfiguration(clientId: number): Promise<ConfigurationRow | undefined> {
    return this.db.selectFrom('organization_configurations').selectAll().where('client_id', '=', clientId).executeTakeFirst();
  }

  /** Writes the fields given, creating the account's row on its first save; the row as it is then. */
  async saveConfiguration(clientId: number, changes: ConfigurationChanges): Promise<ConfigurationRow | undefined> {
    const values: Partial<Record<TextColumn, string | null>> = {};
    for (const [field, column] of Object.entries(COLUMNS) as Array<[keyof ConfigurationChanges, TextColumn]>) {
      const value = changes[field];
      if (value !== undefined) values[column] = value;
    }
    if (Object.keys(values).length === 0) return this.findConfiguration(clientId);
    const now = new Date();
    return this.db.insertInto('organization_configurations')
      .values({ client_id: clientId, ...values, updated_at: now })
      .onConflict((conflict) => conflict.column('client_id').doUpdateSet({ ...values, updated_at: now }))
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  findLogoSummary(clientId: number): Promise<LogoSummary | undefined> {
    return this.db.selectFrom('organization_logos')
      .select(['content_type as contentType', 'byte_length as byteLength', 'width_pixels as widthPixels', 'height_pixels as heightPixels', 'sha256', 'updated_at as updatedAt'])
      .where('client_id', '=', clientId)
      .executeTakeFirst();
  }

  findLogo(clientId: number): Promise<StoredLogo | undefined> {
    return this.db.selectFrom('organization_logos')
      .select(['content', 'content_type as contentType', 'byte_length as byteLength', 'width_pixels as widthPixels', 'height_pixels as heightPixels', 'sha256', 'updated_at as updatedAt'])
      .where('client_id', '=', clientId)
      .executeTakeFirst();
  }

  /** Stores the logo, replacing the account's previous one in the same statement. */
  async saveLogo(clientId: number, logo: NewLogo): Promise<void> {
    const values = {
      content_type: logo.contentType, content: logo.content, byte_length: logo.byteLength,
      width_pixels: logo.widthPixels, height_pixels: logo.heightPixels, sha256: logo.sha256, updated_at: new Date(),
    };
    await this.db.insertInto('organization_logos')
      .values({ client_id: clientId, ...values })
      .onConflict((conflict) => conflict.column('client_id').doUpdateSet(values))
      .execute();
  }

  /** Whether there was a logo to remove. */
  async deleteLogo(clientId: number): Promise<boolean> {
    const result = await this.db.deleteFrom('organization_logos').where('client_id', '=', clientId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
