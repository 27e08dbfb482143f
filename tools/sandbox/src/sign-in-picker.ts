import type { SandboxContext } from './context';
import type { Provider } from './state';

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What a provider's account picker says of that provider. */
export interface PickerCopy {
  title: string;
  /** Whom the sandbox stands in for: "Google", "Microsoft". */
  name: string;
  /** Where an account made with "Use another account" lives. */
  otherAccountHome: string;
  /** What the "Use another account" form's checkbox is called: the claim it sets, in the provider's words. */
  verifiedLabel: string;
}

/**
 * The account picker: one button per demo account, named by its e-mail, a "Use another account" form
 * (any address, name and verification: what whoever controls an account can make it say), and a Cancel.
 */
export function pickerPage(
  ctx: SandboxContext,
  provider: Provider,
  copy: PickerCopy,
  action: string,
  params: Record<string, string>,
  problem?: string,
): string {
  const hidden = Object.entries(params)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const buttons = ctx.accounts
    .filter((a) => a.provider === provider)
    .map(
      (a) =>
        `<li><button type="submit" name="login_hint" value="${escapeHtml(a.email)}" aria-label="${escapeHtml(a.email)}" style="display:flex;gap:.75rem;align-items:center;width:100%;padding:.75rem 1rem;border:1px solid #cbd5e1;border-radius:.5rem;background:#fff;font:inherit;cursor:pointer"><span aria-hidden="true" style="display:inline-grid;place-items:center;width:2rem;height:2rem;border-radius:50%;background:#1d4ed8;color:#fff">${escapeHtml(a.name[0] ?? '?')}</span><span><strong>${escapeHtml(a.name)}</strong><br><span>${escapeHtml(a.email)}</span></span></button></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${copy.title}</title><link rel="icon" href="data:,"></head>
<body style="font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#0f172a">
<main><h1 style="font-size:1.4rem">Choose an account</h1>
<p>This is the local provider sandbox standing in for ${copy.name}. No real account is used.</p>
<form method="post" action="${escapeHtml(action)}">${hidden}<ul style="list-style:none;padding:0;display:grid;gap:.5rem">${buttons}</ul>
<fieldset style="margin-top:1.5rem;border:1px solid #cbd5e1;border-radius:.5rem;padding:1rem;display:grid;gap:.5rem"><legend style="font-weight:600">Use another account</legend>
<p style="margin:0">Any address, in ${copy.otherAccountHome} of its own: its owner decides what it says.</p>
${problem ? `<p role="alert" style="margin:0;color:#b91c1c">${escapeHtml(problem)}</p>` : ''}
<label for="other-email">Email</label><input id="other-email" name="other_email" type="text" inputmode="email" autocomplete="off" style="padding:.4rem">
<label for="other-name">Name</label><input id="other-name" name="other_name" type="text" autocomplete="off" style="padding:.4rem">
<label style="display:flex;gap:.5rem;align-items:center"><input type="checkbox" name="other_email_verified" value="true">${copy.verifiedLabel}</label>
<button type="submit" name="other" value="1" style="justify-self:start;padding:.5rem 1rem">Sign in with this account</button></fieldset>
<button type="submit" name="cancel" value="1" style="margin-top:1rem;padding:.5rem 1rem">Cancel</button></form></main></body></html>`;
}

/** The authorize request's parameters the picker carries through to its answer. */
export function pickerParams(q: Record<string, string | undefined>): Record<string, string> {
  const names = [
    'client_id',
    'redirect_uri',
    'scope',
    'state',
    'nonce',
    'code_challenge',
    'code_challenge_method',
  ];
  return Object.fromEntries(names.flatMap((k) => (q[k] !== undefined ? [[k, q[k] as string]] : [])));
}
