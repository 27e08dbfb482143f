import { type Confirmation, ConfirmDialog } from './ConfirmDialog';

interface Props extends Confirmation {
  providerLabel: string;
  address: string;
}

/** Says what disconnecting does before it happens: sync and calendar reminders stop, data stays. */
export function DisconnectMailboxDialog({ providerLabel, address, ...confirmation }: Props) {
  return (
    <ConfirmDialog
      title="Disconnect mailbox?"
      action={{ label: 'Disconnect mailbox', busyLabel: 'Disconnecting…' }}
      {...confirmation}
    >
      <p>
        Warrantly will stop reading <strong className="text-slate-900">{address}</strong> and stop writing
        reminders to your {providerLabel} calendar. Its access to your {providerLabel} account is removed.
      </p>
      <ul className="list-disc space-y-1 pl-5">
        <li>Mail sync stops: new orders in your mailbox are no longer imported.</li>
        <li>Calendar reminders stop: no new events are added or changed.</li>
        <li>Your purchases, receipts and reminders are kept.</li>
      </ul>
      <p>Signing in with {providerLabel} again reconnects your mailbox.</p>
    </ConfirmDialog>
  );
}
