/**
 * What the sign-up stepper's first step asks (SPEC §2: type/need): who signs up and what for. Kept
 * on the account, so that the team knows who its users are and what they came to do.
 */
export const ACCOUNT_KINDS = ['individual', 'company', 'franchise', 'other'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** What the user wants to do (SPEC §1's audience). */
export const SIGNUP_NEEDS = ['marketStudy', 'siteSelection', 'salesTerritories', 'logistics', 'marketing', 'other'] as const;
export type SignupNeed = (typeof SIGNUP_NEEDS)[number];
