/**
 * The add-list stepper's first guesses, from the CRM's property names and labels (HubSpot's
 * `address`, `zip`, `city`, `country`; "Street Address", "Postal Code"), read as the import wizard
 * reads a file's headers (datasets/column-roles.ts): which properties hold the address, and which
 * are worth keeping. The user sees the guesses and changes them.
 */
import type { CrmPropertyView } from '@catchment/domain';
import { columnRole, type AddressPart, type ColumnRole } from '../datasets/column-roles.js';

export const ADDRESS_PARTS = ['street', 'housenumber', 'postcode', 'city', 'country', 'line'] as const satisfies readonly AddressPart[];
export type AddressChoice = Partial<Record<AddressPart, string>>;

/** Kept by default when the records have them: who or what each point is. */
const NAMING_PROPERTIES = ['name', 'firstname', 'lastname', 'company', 'email'];

const roleOf = (property: CrmPropertyView): ColumnRole | null => columnRole(property.name) ?? columnRole(property.label);

/** The address properties guessed: each part's first property naming it; a general "address" is the street beside a postcode or a city, else the whole line. */
export function guessAddressProperties(properties: readonly CrmPropertyView[]): AddressChoice {
  const choice: AddressChoice = {};
  const first = (role: ColumnRole) => properties.find((property) => roleOf(property) === role)?.name;
  for (const part of ADDRESS_PARTS) {
    const name = first(part);
    if (name) choice[part] = name;
  }
  const general = first('address');
  if (general) {
    const hasParts = choice.postcode !== undefined || choice.city !== undefined;
    if (hasParts && !choice.street) choice.street = general;
    else if (!hasParts && !choice.line) choice.line = general;
  }
  return choice;
}

/** The properties kept by default: those naming the record, in the CRM's order. */
export function defaultSynchronizedProperties(properties: readonly CrmPropertyView[]): string[] {
  return properties.filter((property) => NAMING_PROPERTIES.includes(property.name)).map((property) => property.name);
}

/** Properties whose values a map can sum or average per area. */
export function numericProperties(properties: readonly CrmPropertyView[], among: readonly string[]): string[] {
  return properties.filter((property) => property.type === 'number' && among.includes(property.name)).map((property) => property.name);
}
