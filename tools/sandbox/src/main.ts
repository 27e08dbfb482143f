import { startSandbox } from './sandbox';

// `npm run sandbox`: the provider sandbox on its own, e.g. for `npm run dev` against a second process.
const port = Number(process.env.SANDBOX_PORT ?? 0);
const sandbox = await startSandbox({
  port,
  ...(process.env.SANDBOX_MAILBOX_DIR ? { mailboxDir: process.env.SANDBOX_MAILBOX_DIR } : {}),
});
console.log(`Provider sandbox listening on ${sandbox.url}`);
console.log(`  Google:    ${sandbox.google.discoveryUrl}`);
console.log(`  Microsoft: ${sandbox.microsoft.discoveryUrl}`);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
