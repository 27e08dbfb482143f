import { expect, type Locator, type Page } from '@playwright/test';

/** /dashboard/replacement: main products with their parts, 3 per page. */
export class ReplacementPage {
  constructor(readonly page: Page) {}

  async open(userName: string): Promise<void> {
    await this.page.goto('/dashboard/replacement');
    await expect(
      this.page.getByRole('heading', { level: 1, name: `${userName}'s Replacement Parts` }),
    ).toBeVisible();
  }

  group(mainProduct: string): Locator {
    return this.page
      .getByRole('list', { name: 'Main products' })
      .getByRole('listitem')
      .filter({
        has: this.page.getByRole('heading', { level: 2, name: mainProduct }),
      });
  }

  /** Walks the pages until the main product's group shows, each page read only once it has settled. */
  async findGroup(mainProduct: string): Promise<Locator> {
    const group = this.group(mainProduct);
    const list = this.page.getByRole('list', { name: 'Main products' });
    const next = this.page.getByRole('button', { name: 'Next page' });
    const current = this.page.locator('button[aria-current="page"]');
    for (;;) {
      await expect(list).toBeVisible();
      await expect(this.page.locator('[aria-busy="true"]')).toHaveCount(0);
      if (await group.isVisible()) break;
      if (!(await next.isVisible()) || (await next.isDisabled())) break;
      const shown = (await current.textContent()) ?? '';
      await next.click();
      await expect(current).not.toHaveText(shown);
    }
    await expect(group).toBeVisible();
    return group;
  }
}
