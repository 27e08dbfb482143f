import { expect, type Page } from '@playwright/test';
import { DEMO, type Provider } from '../support/accounts';

/** /login and the provider sandbox's account picker, up to the success page. */
export class LoginPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/login');
    await expect(this.page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  }

  /**
   * Leaves for the provider, picks the demo account, and stops on /success or /successlogin once the
   * tokens in the address are exchanged (the page shows its text at once, but Go to Dashboard waits).
   */
  async reachSuccessPage(provider: Provider): Promise<void> {
    const demo = DEMO[provider];
    await this.open();
    await this.page.getByRole('button', { name: demo.loginButton }).click();
    // The sandbox's account picker: one button per demo account, named by its e-mail.
    await this.page.getByRole('button', { name: demo.email, exact: true }).click();
    await this.page.waitForURL((url) => url.pathname === demo.successPath && url.search === '');
    await expect(this.page.getByRole('heading', { name: 'Successfully Logged in!' })).toBeVisible();
    await expect(this.page.getByRole('button', { name: 'Go to Dashboard' })).toBeEnabled();
  }

  /**
   * Signs in as an account of the sandbox's "Use another account" form (a user of its own, none of the
   * demo accounts' data), ending on the dashboard.
   */
  async signInAs(provider: Provider, email: string, name: string): Promise<void> {
    await this.open();
    await this.page.getByRole('button', { name: DEMO[provider].loginButton }).click();
    await this.page.getByLabel('Email', { exact: true }).fill(email);
    await this.page.getByLabel('Name', { exact: true }).fill(name);
    await this.page.getByRole('button', { name: 'Sign in with this account' }).click();
    await this.page.waitForURL((url) => url.pathname === DEMO[provider].successPath && url.search === '');
    await this.goToDashboard();
  }

  /** The whole sign-in, ending on the dashboard. */
  async signIn(provider: Provider): Promise<void> {
    await this.reachSuccessPage(provider);
    await this.goToDashboard();
  }

  async goToDashboard(): Promise<void> {
    const button = this.page.getByRole('button', { name: 'Go to Dashboard' });
    await expect(button).toBeEnabled();
    await button.click();
    await this.page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
  }
}
