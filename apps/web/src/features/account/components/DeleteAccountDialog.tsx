import { type FormEvent, useId, useState } from 'react';
import { FormActions } from '@/components/FormActions';
import { Modal } from '@/components/Modal';

interface Props {
  email: string;
  providerLabel: string;
  isWorking: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Typed the way it is shown, give or take case and surrounding spaces (addresses are case-insensitive). */
export function isSameEmail(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}

/**
 * Says everything that deletion removes and that it cannot be undone; the button works only once the
 * user has typed their own e-mail address, so a stray click never deletes an account.
 */
export function DeleteAccountDialog({ email, providerLabel, isWorking, onConfirm, onClose }: Props) {
  const [typed, setTyped] = useState('');
  const hintId = useId();
  const canDelete = isSameEmail(typed, email) && !isWorking;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (canDelete) onConfirm();
  }

  return (
    <Modal title="Delete your account?" onClose={onClose}>
      <form onSubmit={onSubmit}>
        <div className="space-y-3 text-slate-700">
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
        </div>
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
        <FormActions
          look="dialog"
          tone="danger"
          label="Delete my account"
          busyLabel="Deleting…"
          isBusy={isWorking}
          isDisabled={!isSameEmail(typed, email)}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
