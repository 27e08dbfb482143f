/** Every route of the app in one table; links and redirects use these, never string literals. */
export const paths = {
  home: '/',
  login: '/login',
  googleSuccess: '/success',
  microsoftSuccess: '/successlogin',
  googleCallback: '/google/callback',
  terms: '/terms',
  // Spelt so on purpose: the seed's footer links to this path.
  privacy: '/privarcy',
  feedback: '/feedback',
  dashboard: '/dashboard',
  purchases: '/dashboard/purchase',
  warranties: '/dashboard/warranties',
  reminders: '/dashboard/reminders',
  receipts: '/dashboard/receipts',
  replacement: '/dashboard/replacement',
  review: '/dashboard/review',
  adminUser: '/dashboard/adminuser',
  account: '/dashboard/account',
} as const;

/** What the landing page tells a user sent to it, carried in the navigation's state. */
export interface HomeState {
  notice?: 'account-deleted';
}

/** Server navigations that start sign-in (full page, not fetch). */
export const signInUrls = {
  google: '/google-auth/google/login',
  microsoft: '/microsoft-auth/login/',
} as const;
