import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser (STACK.md "Playwright config").
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './specs',
  testMatch: '*.spec.ts',
  outputDir: './test-output/results',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  // The demo accounts are shared by every spec: one worker keeps their data predictable.
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  reporter: [['list'], ['html', { outputFolder: './test-output/report', open: 'never' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
});
