export type Provider = 'google' | 'microsoft';

/** The sandbox's seeded demo accounts and what each provider's sign-in looks like in the app. */
export const DEMO = {
  google: {
    email: 'avery.quinn@example.com',
    name: 'Avery Quinn',
    loginButton: 'Login with Google',
    successPath: '/success',
    successText: 'You have logged in with Google. Click below to continue.',
    reminderToast: 'Google reminder added successfully!',
  },
  microsoft: {
    email: 'jordan.lee@example.com',
    name: 'Jordan Lee',
    loginButton: 'Login with Outlook',
    successPath: '/successlogin',
    successText: 'You have logged in with Microsoft. Click below to continue.',
    reminderToast: 'Microsoft reminder added successfully!',
  },
} as const satisfies Record<Provider, unknown>;

export const PROVIDERS: Provider[] = ['google', 'microsoft'];
