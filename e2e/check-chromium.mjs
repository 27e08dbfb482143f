// The browser suite drives Debian's Chromium and never downloads a browser: fail loudly when it is missing.
import { accessSync, constants } from 'node:fs';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
try {
  accessSync(CHROMIUM, constants.X_OK);
} catch {
  console.error(
    `Chromium not found at ${CHROMIUM}: install it with \`apt-get update && apt-get install -y chromium\``,
  );
  process.exit(1);
}
