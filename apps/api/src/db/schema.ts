/** Row types of the tables, as Kysely sees them (see migrations/ for the DDL). */
import type { ColumnType, Generated } from 'kysely';

/** A timestamptz read as a Date; optional on insert where the column has a default. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ClientsTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  /** The sign-up stepper's answers (packages/domain accounts/signup-answers.ts); null when not given. */
  account_kind: string | null;
  signup_need: string | null;
  company: string | null;
  company_sector: string | null;
  phone: string | null;
  country: string | null;
  referrer: string | null;
  product: Generated<string>;
  /** null: the plan does not end (the free plan, or an operator's plan without an end). */
  product_end_date: Timestamp | null;
  /** Extra packs of pins of the live subscription this account owns (021_pin_packs.sql). */
  pin_packs: Generated<number>;
  email_verified_at: Timestamp | null;
  vat: string | null;
  address_line1: string | null;
  address_line2: string | null;
  postal_code: string | null;
  city: string | null;
  domain: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  first_page_seen: string | null;
  last_accessed_map_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<number>;
  client_id: number;
  token_hash: string;
  fingerprint: string | null;
  lng: number | null;
  lat: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  closed_at: Timestamp | null;
  /** Moved on by requests at most once a minute; a session unused for SESSION_IDLE_DAYS is over. */
  last_used_at: Timestamp;
  /** When the password was last typed again in this session (an e-mail change needs it recent). */
  password_confirmed_at: Timestamp | null;
}

export interface MapsTable {
  id: Generated<number>;
  access_id: string;
  owner_id: number;
  title: string;
  public: Generated<boolean>;
  version: Generated<number>;
  selected_uuid: string | null;
  /** Version of the map's list of business searches (migration 012). */
  searches_version: Generated<number>;
  /** Version of the map's list of datasets (migration 017). */
  datasets_version: Generated<number>;
  /** Version of the map's list of indicators (migration 026). */
  metrics_version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MapClientsTable {
  map_id: number;
  client_id: number;
  created_at: Timestamp;
}

export interface FoldersTable {
  uuid: string;
  map_id: number;
  label: string;
  closed: Generated<boolean>;
  active: Generated<boolean>;
  position: number;
  created_at: Timestamp;
}

export interface AreasTable {
  uuid: string;
  map_id: number;
  folder_uuid: string;
  label: string;
  color: string;
  hide: Generated<boolean>;
  iso_mode: string;
  transport_mode: string | null;
  operation: string | null;
  distance: number | null;
  duration: number | null;
  departure_date: Timestamp | null;
  start_address: string | null;
  /** PostGIS geometry(Point, 4326); written and read through SQL functions. */
  start_point: unknown;
  /** Migration 031: 'departure' or 'arrival'. */
  direction: Generated<string>;
  /** Migration 031: PostGIS geometry(MultiPoint, 4326), the starts of an area from several (start_point is the first), else null. */
  start_points: unknown;
  unit_kind: string | null;
  unit_codes: string[] | null;
  /** PostGIS geometry(Geometry, 4326), valid (checked by a constraint). */
  geometry: unknown;
  hash: string;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Database {
  clients: ClientsTable;
  sessions: SessionsTable;
  maps: MapsTable;
  map_clients: MapClientsTable;
  folders: FoldersTable;
  areas: AreasTable;
  subscriptions: SubscriptionsTable;
  subscription_members: SubscriptionMembersTable;
  invoices: InvoicesTable;
  billing_details: BillingDetailsTable;
  local_checkouts: LocalCheckoutsTable;
  organization_configurations: OrganizationConfigurationsTable;
  organization_logos: OrganizationLogosTable;
  assets: AssetsTable;
  poi_searches: PoiSearchesTable;
  app_keys: AppKeysTable;
  app_key_usage: AppKeyUsageTable;
  app_key_extractions: AppKeyExtractionsTable;
  extraction_cache: ExtractionCacheTable;
  data_files: DataFilesTable;
  client_datasets: ClientDatasetsTable;
  client_dataset_rows: ClientDatasetRowsTable;
  map_datasets: MapDatasetsTable;
  crm_connections: CrmConnectionsTable;
  crm_synchronized_lists: CrmSynchronizedListsTable;
  download_jobs: DownloadJobsTable;
  map_metrics: MapMetricsTable;
  nps_answers: NpsAnswersTable;
  map_generations: MapGenerationsTable;
}

/** Generated maps (migration 030, apps/api/src/generation): the rows and the failures as JSON. */
export interface MapGenerationsTable {
  id: string;
  client_id: number;
  map_id: number | null;
  folder_uuid: string;
  status: 'waiting' | 'running' | 'done' | 'failed';
  /** Read parsed (jsonb); written as JSON text. */
  recipe: ColumnType<unknown, string, string>;
  rows: ColumnType<unknown, string, string>;
  total: number;
  processed: Generated<number>;
  created: Generated<number>;
  failures: ColumnType<unknown, string | undefined, string>;
  error: string | null;
  job_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The NPS survey's answers (migration 029, apps/api/src/nps): a null score is a dismissal. */
export interface NpsAnswersTable {
  id: Generated<number>;
  client_id: number;
  score: number | null;
  comment: string | null;
  answered_at: Timestamp;
}

/** Indicators of maps (migration 026, apps/api/src/metrics): the formula's tokens as JSON. */
export interface MapMetricsTable {
  id: string;
  map_id: number;
  name: string;
  symbol: string;
  /** Read parsed (jsonb); written as JSON text. */
  formula: ColumnType<unknown, string, string>;
  position: number;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Files a user ordered, made by jobs of the queue (migration 022, apps/api/src/downloads). */
export interface DownloadJobsTable {
  id: string;
  client_id: number;
  kind: string;
  title: string;
  params: ColumnType<unknown, string, string>;
  job_id: string | null;
  created_at: Timestamp;
  completed_at: Date | null;
  failed_at: Date | null;
  error_code: string | null;
  file_name: string | null;
  file_size: ColumnType<string | number | null, number | null, number | null>;
  content_type: string | null;
  is_downloaded: Generated<boolean>;
}

/** An account's datasets and their rows (migration 016; positions are read and written with SQL). */
export interface ClientDatasetsTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  color: string;
  source: 'file' | 'hubspot';
  columns: ColumnType<string[], string, string>;
  operation_column: string | null;
  status: Generated<'importing' | 'ready' | 'failed'>;
  progress: Generated<number>;
  error: string | null;
  row_count: Generated<number>;
  point_count: Generated<number>;
  not_geocoded_count: Generated<number>;
  precisions: ColumnType<Record<string, number>, string | undefined, string>;
  /** Per column, its filled cells and the numbers among them (019_dataset_column_counts.sql, datasets/column-counts.ts). */
  column_counts: ColumnType<{ filled: number; numbers: number }[], string | undefined, string>;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ClientDatasetRowsTable {
  id: Generated<string>;
  dataset_id: number;
  row_number: number;
  cells: ColumnType<string[], string, string>;
  position: unknown;
  precision: string | null;
}

/** The datasets a map shows, in order (migration 017). */
export interface MapDatasetsTable {
  id: Generated<number>;
  map_id: number;
  dataset_id: number;
  position: number;
  hidden: Generated<boolean>;
  operation_column: string | null;
  added_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Files uploaded for import (migration 015). */
export interface DataFilesTable {
  id: string;
  client_id: number;
  filename: string;
  format: 'csv' | 'xlsx';
  encoding: string | null;
  delimiter: string | null;
  size_bytes: number;
  columns: ColumnType<string[], string, string>;
  renamed_columns: ColumnType<{ position: number; original: string; name: string }[], string, string>;
  row_count: number;
  created_at: Timestamp;
}

/** App keys and their calls counted per month (migration 013). */
export interface AppKeysTable {
  id: Generated<number>;
  key: string;
  client_id: number;
  kind: 'demo' | 'paid';
  created_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface AppKeyUsageTable {
  app_key_id: number;
  month: string;
  call: string;
  calls: Generated<number>;
}

/** A paid key's extractions per month (migration 028). */
export interface AppKeyExtractionsTable {
  app_key_id: number;
  month: string;
  extractions: number;
}

/** A key's most recent extractions as answered (migration 028): items as ExtractedItem[]. */
export interface ExtractionCacheTable {
  app_key_id: number;
  request_hash: string;
  items: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
}

/** Business searches saved on maps (migration 012; POI items are read with SQL, as territories are). */
export interface PoiSearchesTable {
  id: Generated<number>;
  map_id: number;
  created_by: number | null;
  dataset_name: string;
  categories: Generated<string[]>;
  names: Generated<string[]>;
  naf_codes: Generated<string[]>;
  headcounts: Generated<string[]>;
  label: string | null;
  color: string;
  position: number;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** Billing (migration 009): see migrations/009_billing.sql for what each column holds. */
export interface SubscriptionsTable {
  id: Generated<number>;
  owner_id: number;
  product: string;
  period: string;
  currency: string;
  status: string;
  licences: number;
  pin_packs: number;
  current_period_start: Timestamp;
  current_period_end: Timestamp | null;
  cancel_at_period_end: Generated<boolean>;
  cancel_reason: string | null;
  cancel_comment: string | null;
  cancelled_at: Timestamp | null;
  pending_product: string | null;
  pending_period: string | null;
  pending_licences: number | null;
  pending_pin_packs: number | null;
  pending_checkout_url: string | null;
  next_product: string | null;
  next_period: string | null;
  next_licences: number | null;
  next_pin_packs: number | null;
  manual: Generated<boolean>;
  provider: string;
  provider_customer_id: string | null;
  provider_subscription_id: string | null;
  has_payment_method: Generated<boolean>;
  ended_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SubscriptionMembersTable {
  subscription_id: number;
  client_id: number;
  role: string;
  created_at: Timestamp;
}

export interface InvoicesTable {
  id: Generated<number>;
  subscription_id: number | null;
  client_id: number;
  number: string;
  issued_at: Timestamp;
  currency: string;
  subtotal: number;
  tax: number;
  total: number;
  tax_rate: number;
  tax_reason: string | null;
  status: string;
  reason: string;
  period_start: Timestamp | null;
  period_end: Timestamp | null;
  /** jsonb: InvoiceLine[] (packages/domain billing/pricing.ts). */
  lines: ColumnType<unknown, string, string>;
  /** jsonb: the billing details when issued. */
  billed_to: ColumnType<unknown, string | null, string | null>;
  hosted_url: string | null;
  download_url: string | null;
  provider: string;
  provider_invoice_id: string;
  paid_at: Timestamp | null;
  created_at: Timestamp;
}

export interface BillingDetailsTable {
  client_id: number;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  vat: string | null;
  address_line1: string | null;
  address_line2: string | null;
  postal_code: string | null;
  city: string | null;
  country: string | null;
  phone: string | null;
  updated_at: Timestamp;
}

export interface LocalCheckoutsTable {
  id: string;
  client_id: number;
  subscription_id: number | null;
  invoice_id: number | null;
  kind: string;
  product: string;
  period: string;
  licences: number;
  pin_packs: number;
  currency: string;
  subtotal: number;
  tax: number;
  total: number;
  tax_rate: number;
  tax_reason: string | null;
  lines: ColumnType<unknown, string, string>;
  billed_to: ColumnType<unknown, string | null, string | null>;
  status: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  completed_at: Timestamp | null;
}

/** The organisation's report settings and logo (migration 010): see migrations/010_organization.sql. */
export interface OrganizationConfigurationsTable {
  client_id: number;
  name: string | null;
  primary_color: string | null;
  secondary_color: string | null;
  contact: string | null;
  website: string | null;
  updated_at: Timestamp;
}

/** An account's report images (migration 024, apps/api/src/assets). */
export interface AssetsTable {
  id: string;
  client_id: number;
  name: string;
  content_type: string;
  content: Buffer;
  byte_length: number;
  width_pixels: number;
  height_pixels: number;
  sha256: string;
  created_at: Timestamp;
}

export interface OrganizationLogosTable {
  client_id: number;
  content_type: string;
  content: Buffer;
  byte_length: number;
  width_pixels: number;
  height_pixels: number;
  sha256: string;
  updated_at: Timestamp;
}

/** An account's CRM connections (migration 018); the tokens are stored encrypted (crm/token-cipher.ts). */
export interface CrmConnectionsTable {
  id: Generated<number>;
  client_id: number;
  type: 'hubspot';
  remote_account_id: string;
  access_token: string;
  refresh_token: string;
  access_token_expires_at: Timestamp;
  state: Generated<'connected' | 'expired'>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The CRM lists synchronised as datasets (migration 018). */
export interface CrmSynchronizedListsTable {
  id: Generated<number>;
  connection_id: number;
  remote_list_id: string;
  name: string;
  object_type: 'contacts' | 'companies';
  address_properties: ColumnType<Record<string, string>, string, string>;
  synchronized_properties: ColumnType<string[], string, string>;
  dataset_id: number;
  status: Generated<'active' | 'success' | 'warning' | 'failed'>;
  last_success_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_error: string | null;
  record_count: Generated<number>;
  placed_count: Generated<number>;
  not_placed_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
