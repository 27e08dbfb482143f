import { createHash } from 'node:crypto';
import type { SandboxContext } from './context';
import { createMailbox } from './mailbox';
import type { OtherAccount } from './state';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** A GUID shaped like Entra's object and tenant ids, derived from `seed` so it is the same every time. */
function guid(seed: string): string {
  const hex = digest(seed).toString('hex');
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20, 32)].join(
    '-',
  );
}

/** Google's `sub`: 21 decimal digits; also the key of the account's mailbox and calendar in the control API. */
export function googleSubject(seed: string): string {
  const n = BigInt(`0x${digest(seed).toString('hex').slice(0, 16)}`) % 10n ** 20n;
  return `1${n.toString().padStart(20, '0')}`;
}

/** Microsoft's pairwise `sub`: the same user gets another one in every app (client id). */
export function pairwiseSubject(oid: string, clientId: string): string {
  return digest(`${oid}:${clientId}`).toString('base64url');
}

export interface OtherAccountForm {
  email: string;
  name: string;
  emailVerified: boolean;
}

/**
 * The account the "Use another account" form describes. A Microsoft one lives in a tenant of its own
 * per mail domain (as a tenant anyone can create would); its ids derive from the address and tenant, so
 * the same address signs in as the same account again, with what the form now says.
 */
export function otherAccount(
  ctx: SandboxContext,
  provider: 'google' | 'microsoft',
  form: OtherAccountForm,
): OtherAccount {
  const address = form.email.toLowerCase();
  const tenantId = provider === 'microsoft' ? guid(`tenant:${address.split('@')[1]}`) : '';
  const key = provider === 'microsoft' ? guid(`user:${tenantId}:${address}`) : googleSubject(address);
  const [givenName = '', ...rest] = form.name.split(' ');
  const account: OtherAccount = {
    provider,
    email: form.email,
    name: form.name,
    givenName,
    familyName: rest.join(' '),
    id: key,
    picture: '',
    key,
    tenantId,
    emailVerified: form.emailVerified,
  };
  ctx.otherAccounts.set(key, account);
  if (!ctx.mailboxes.has(key)) ctx.mailboxes.set(key, createMailbox());
  return account;
}
