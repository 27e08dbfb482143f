import { DashboardShell } from '../pages/DashboardShell';
import { LoginPage } from '../pages/LoginPage';
import { DEMO, PROVIDERS } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { expireStoredAccessToken } from '../support/stored-tokens';

for (const provider of PROVIDERS) {
  const demo = DEMO[provider];

  test.describe(`sign-in with ${provider}`, () => {
    test('spends the tokens in the address at once and keeps a fresh pair', async ({ page }) => {
      let urlRefreshToken = '';
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (
          request.isNavigationRequest() &&
          url.pathname === demo.successPath &&
          url.searchParams.has('refresh_token')
        ) {
          urlRefreshToken = url.searchParams.get('refresh_token') ?? '';
        }
      });
      const login = new LoginPage(page);
      await login.reachSuccessPage(provider);
      await expect(page.getByText(demo.successText)).toBeVisible();
      expect(page.url()).not.toContain('token');

      const stored = await page.evaluate(() => ({
        access: localStorage.getItem('accessToken'),
        refresh: localStorage.getItem('refreshToken'),
        user: JSON.parse(localStorage.getItem('user') ?? '{}') as Record<string, string>,
        provider: localStorage.getItem('loginProvider'),
        persisted: localStorage.getItem('persist:root') ?? '',
      }));
      expect(stored.provider).toBe(provider);
      expect(stored.user).toMatchObject({ email: demo.email, name: demo.name, messages: provider });
      expect(stored.refresh).toBeTruthy();
      expect(urlRefreshToken).toBeTruthy();
      expect(stored.refresh).not.toBe(urlRefreshToken);
      expect(stored.persisted).toContain(demo.email);

      // A leaked success URL opens nothing: its refresh token was already used.
      const reuse = await page.request.post('/api/v1/auth/refresh/', {
        data: { refresh_token: urlRefreshToken },
      });
      expect(reuse.status()).toBe(401);
    });

    test('returns to the page the guard came from, shows the user and logs out cleanly', async ({ page }) => {
      await page.goto('/dashboard/warranties');
      await expect(page).toHaveURL(/\/login$/);
      const login = new LoginPage(page);
      await page.getByRole('button', { name: demo.loginButton }).click();
      await page.getByRole('button', { name: demo.email, exact: true }).click();
      await page.waitForURL((url) => url.pathname === demo.successPath && url.search === '');
      await login.goToDashboard();
      await expect(page).toHaveURL(/\/dashboard\/warranties$/);
      await expect(page.getByRole('heading', { level: 1, name: `${demo.name}'s Warranties` })).toBeVisible();

      const shell = new DashboardShell(page);
      await shell.expectUser(demo.name, demo.email);
      const refreshToken = await page.evaluate(() => localStorage.getItem('refreshToken'));
      await page.evaluate(() => sessionStorage.setItem('scratch', '1'));

      await shell.logOut();
      const left = await page.evaluate(() => ({
        keys: Object.keys(localStorage).filter((k) => k !== 'persist:root'),
        persisted: localStorage.getItem('persist:root'),
        session: sessionStorage.length,
      }));
      expect(left.keys).toEqual([]);
      expect(left.persisted ?? '').not.toContain(demo.email);
      expect(left.session).toBe(0);
      // The server revoked the session too.
      const after = await page.request.post('/api/v1/auth/refresh/', {
        data: { refresh_token: refreshToken },
      });
      expect(after.status()).toBe(401);
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/login$/);
    });

    test('the success page of the other provider sends back to /login', async ({ page }) => {
      await page.goto('/login');
      await page.evaluate(
        (p) => localStorage.setItem('loginProvider', p),
        provider === 'google' ? 'microsoft' : 'google',
      );
      await page.goto(demo.successPath);
      await expect(page).toHaveURL(/\/login$/);
    });
  });
}

test('an expired access token is refreshed once and the page still loads', async ({ page }) => {
  await new LoginPage(page).signIn('google');
  await expireStoredAccessToken(page);
  const refreshes: number[] = [];
  page.on('response', (res) => {
    if (res.url().endsWith('/api/v1/auth/refresh/')) refreshes.push(res.status());
  });
  await page.goto('/dashboard/purchase');
  await expect(page.getByRole('heading', { level: 1, name: "Avery Quinn's Purchases" })).toBeVisible();
  await expect(page.getByText('Oops! Something went wrong')).toBeHidden();
  await expect.poll(() => refreshes).toEqual([200]);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).not.toBe('expired');
});
