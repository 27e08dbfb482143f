import { useId, useState } from 'react';
import { type Confirmation, ConfirmDialog } from './ConfirmDialog';

interface Props extends Confirmation {
  email: string;
  providerLabel: string;
}

/** Typed the way it is shown, give or take case and surrounding spaces (addresses are case-insensitive). */
export function isSameEmail(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}

/**
 * Says everything that deletion removes and that it cannot be undone; the button works only once the
 * user has typed their own e-mail address, so a stray click never deletes an account.
 */
export function DeleteAccountDialog({ email, providerLabel, ...confirmation }: Props) {
  const [typed, setTyped] = useState('');
  const hintId = useId();

  return (
    <ConfirmDialog
      title="Delete your account?"
      action={{ label: 'Delete my account', busyLabel: 'Deleting…', tone: 'danger' }}
      canConfirm={isSameEmail(typed, email)}
      field={
        <>
          <label className="mt-5 block text-sm font-medium text-slate-800">
            Type your e-mail address to confirm
            <input
              type="email"
              autoComplete="off"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              aria-describedby={hintId}
              className="mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900"
            />
          </label>
          <p id={hintId} className="mt-1 text-sm text-slate-600">
            Your address is {email}
          </p>
        </>
      }
      {...confirmation}
    >
      <p>Everything Warrantly keeps for you will be deleted:</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>your purchases and warranties,</li>
        <li>your receipt files,</li>
        <li>your reminders and your calendar feed,</li>
        <li>the calendar events this app made on your {providerLabel} calendar,</li>
        <li>Warrantly's access to your {providerLabel} mailbox and calendar.</li>
      </ul>
      <p className="font-semibold text-red-800">This cannot be undone.</p>
      <p>Download your data first if you want to keep a copy.</p>
    </ConfirmDialog>
  );
}
