import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

const DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
const KB = 1024;

/** Every script the page loaded (entry, preloaded and lazy chunks), with its gzip size from the build. */
async function scriptsOf(page: Page, open: () => Promise<void>): Promise<{ file: string; gzip: number }[]> {
  const files = new Set<string>();
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') files.add(new URL(res.url()).pathname);
  });
  await open();
  await page.waitForLoadState('networkidle');
  return [...files].map((file) => ({ file, gzip: gzipSync(readFileSync(path.join(DIST, file))).length }));
}

const total = (scripts: { gzip: number }[]) => scripts.reduce((sum, s) => sum + s.gzip, 0);
const report = (route: string, scripts: { file: string; gzip: number }[]) =>
  console.log(
    `JS budget ${route}: ${(total(scripts) / KB).toFixed(1)} KB gzip in ${scripts.length} files\n${scripts
      .map((s) => `  ${(s.gzip / KB).toFixed(1).padStart(6)} KB  ${s.file}`)
      .join('\n')}`,
  );

test('the landing page loads at most 100 KB of JavaScript (gzip) and none of the dashboard', async ({
  page,
}) => {
  const scripts = await scriptsOf(page, async () => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  });
  report('/', scripts);
  expect(scripts.some((s) => /Dashboard|Overview|api-|StoreLayout/.test(s.file))).toBe(false);
  expect(total(scripts)).toBeLessThanOrEqual(100 * KB);
});

test('the signed-in dashboard loads at most 200 KB of JavaScript (gzip)', async ({ signedInPage }) => {
  const signed = await signedInPage('google');
  const page = await signed.context().newPage();
  const scripts = await scriptsOf(page, async () => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: /Dashboard$/ })).toBeVisible();
  });
  report('/dashboard', scripts);
  expect(total(scripts)).toBeLessThanOrEqual(200 * KB);
});
