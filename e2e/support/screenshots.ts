import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const DIR = fileURLToPath(new URL('../test-output/screenshots', import.meta.url));

export const WIDTHS = [360, 768, 1280] as const;

/** Saves a full-page screenshot as e2e/test-output/screenshots/NAME.png. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(DIR, `${name}.png`), fullPage: true });
}
