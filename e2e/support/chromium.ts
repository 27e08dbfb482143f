/** Debian's Chromium, never a downloaded browser (STACK.md "Playwright config"). */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * The flags proven on this machine kind: with no sandbox as root, and none of Chromium's own network
 * traffic, which the closed network refuses.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
