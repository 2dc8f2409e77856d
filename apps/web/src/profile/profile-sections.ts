/**
 * The entries of the profile area's side navigation (SPEC §2: /profile and its child pages). A
 * child page adds its entry here and its route under `profile` in app/router.tsx; the layout
 * draws whatever is listed, in this order.
 */
export interface ProfileSection {
  /** Path under /app; the profile itself is the index route. */
  path: string;
  /** Catalogue key of the entry's name. */
  labelKey: string;
  /** Only this exact path marks the entry as current (the index route), not its children. */
  end?: boolean;
  testId: string;
}

export const PROFILE_SECTIONS: readonly ProfileSection[] = [
  { path: '/profile', labelKey: 'profileNav.profile', end: true, testId: 'profile-nav-profile' },
  { path: '/profile/organization', labelKey: 'profileNav.organization', testId: 'profile-nav-organization' },
  { path: '/profile/subscription', labelKey: 'profileNav.subscription', testId: 'profile-nav-subscription' },
  { path: '/profile/downloads', labelKey: 'profileNav.downloads', testId: 'profile-nav-downloads' },
  { path: '/profile/integrations', labelKey: 'profileNav.integrations', testId: 'profile-nav-integrations' },
];
