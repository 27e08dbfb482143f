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

  /** Walks the pages until the main product's group shows. */
  async findGroup(mainProduct: string): Promise<Locator> {
    const group = this.group(mainProduct);
    const next = this.page.getByRole('button', { name: 'Next page' });
    while (!(await group.isVisible())) {
      if (!(await next.isVisible()) || (await next.isDisabled())) break;
      await next.click();
    }
    await expect(group).toBeVisible();
    return group;
  }
}
