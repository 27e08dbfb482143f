import { expect, type Locator, type Page } from '@playwright/test';

/** /dashboard/review: the purchases waiting for a look, each beside its source, and what was rejected. */
export class ReviewPage {
  constructor(readonly page: Page) {}

  async open(userName: string): Promise<void> {
    await this.page.goto('/dashboard/review');
    await this.expectOpen(userName);
  }

  async expectOpen(userName: string): Promise<void> {
    await expect(
      this.page.getByRole('heading', { level: 1, name: `${userName}'s Review Inbox` }),
    ).toBeVisible();
    await expect(this.page.locator('.animate-spin')).toHaveCount(0);
  }

  /** The card of a waiting purchase, by the title it shows (its merchant as read, else its product). */
  item(title: string | RegExp): Locator {
    return this.page.getByRole('list', { name: 'Purchases to review' }).getByRole('article', { name: title });
  }

  /** The card holding `text` anywhere (an order id, a product). */
  itemWith(text: string): Locator {
    return this.page
      .getByRole('list', { name: 'Purchases to review' })
      .getByRole('article')
      .filter({ hasText: text });
  }

  /** The card whose source is the document `filename` (an upload's order number may not be read). */
  itemWithDocument(filename: string): Locator {
    return this.page
      .getByRole('list', { name: 'Purchases to review' })
      .getByRole('article')
      .filter({ has: this.page.getByRole('button', { name: new RegExp(`^Download .*: ${filename}$`) }) });
  }

  /** A card's field row ("Merchant", "Total", ...). */
  field(item: Locator, label: string): Locator {
    return item
      .getByRole('region', { name: /^What was read for / })
      .getByRole('listitem')
      .filter({ hasText: label });
  }

  get selectAll(): Locator {
    return this.page.getByRole('checkbox', { name: 'Select all' });
  }

  get toolbar(): Locator {
    return this.page.getByRole('toolbar', { name: 'Selected purchases' });
  }

  rejected(): Locator {
    return this.page.getByRole('region', { name: 'Rejected' });
  }
}
