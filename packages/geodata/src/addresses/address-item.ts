/** One postal address as the importers hand it to the database (apps/api geocoding/data). */
export interface AddressItem {
  /** The object in its source: `n123`, `w45`, `r6` for OpenStreetMap. */
  ref: string;
  /** ISO 3166-1 alpha-2, lower case. */
  country: string;
  street: string;
  houseNumber: string;
  postcode: string | null;
  city: string | null;
  /** WGS84 [lon, lat]: the node, or a point inside the building or area. */
  position: [number, number];
}

/** Counts an address import reports: addresses per country, and what it left out and why. */
export interface AddressReadSummary {
  addresses: number;
  byCountry: Record<string, number>;
  skipped: Record<string, number>;
}

export function emptyAddressReadSummary(): AddressReadSummary {
  return { addresses: 0, byCountry: {}, skipped: {} };
}

/** Lines of the summary the command line prints. */
export function formatAddressReadSummary(summary: AddressReadSummary): string[] {
  const lines = [`${summary.addresses.toLocaleString('en')} addresses`];
  for (const [country, count] of Object.entries(summary.byCountry).sort()) lines.push(`  ${country}: ${count.toLocaleString('en')}`);
  for (const [reason, count] of Object.entries(summary.skipped).sort()) lines.push(`  left out (${reason}): ${count.toLocaleString('en')}`);
  return lines;
}
