import { expect, type Locator, type Page } from '@playwright/test';

/** A list shown a page at a time with the seed's pagination bar (Purchases, Warranties, Receipts, Replacement). */
export class PagedList {
  constructor(
    readonly page: Page,
    /** The pagination bar's name, e.g. 'Purchases pages'. */
    readonly navName: string,
    /** What a page shows, one locator per row or card. */
    readonly rows: Locator,
  ) {}

  nav(): Locator {
    return this.page.getByRole('navigation', { name: this.navName });
  }

  async goTo(n: number): Promise<void> {
    await this.nav()
      .getByRole('button', { name: `Page ${n}`, exact: true })
      .click();
    await this.expectCurrent(n);
  }

  async expectCurrent(n: number): Promise<void> {
    await expect(this.nav().getByRole('button', { name: `Page ${n}`, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  }

  /** The page number the address bar holds (`?page=`), null for none. */
  urlPage(): string | null {
    return new URL(this.page.url()).searchParams.get('page');
  }

  async rowTexts(): Promise<string[]> {
    return this.rows.allTextContents();
  }
}
