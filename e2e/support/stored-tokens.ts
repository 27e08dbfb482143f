import type { Page } from '@playwright/test';

/**
 * Replaces the web app's stored access token (its plain key and redux-persist's stored store) with one the
 * server rejects, so the next API call has to refresh it.
 */
export async function expireStoredAccessToken(page: Page): Promise<void> {
  await page.evaluate(() => {
    localStorage.setItem('accessToken', 'expired');
    const root = JSON.parse(localStorage.getItem('persist:root') ?? '{}') as Record<string, string>;
    const auth = JSON.parse(root.auth ?? '{}') as Record<string, unknown>;
    root.auth = JSON.stringify({ ...auth, accessToken: 'expired' });
    localStorage.setItem('persist:root', JSON.stringify(root));
  });
}
