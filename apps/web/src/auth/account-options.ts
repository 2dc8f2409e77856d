/** The business sectors offered at sign-up and in the profile; stored by key, named by the catalogue (account.sectors.*). */
export const SECTORS = [
  'retail', 'franchise', 'realEstate', 'banking', 'health', 'hospitality', 'services', 'consulting',
  'marketResearch', 'logistics', 'industry', 'publicSector', 'education', 'other',
] as const;

export type Sector = (typeof SECTORS)[number];

export function isSector(value: string | null | undefined): value is Sector {
  return !!value && (SECTORS as readonly string[]).includes(value);
}
