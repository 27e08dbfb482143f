import { FormActions } from '@/components/FormActions';
import { Modal } from '@/components/Modal';

interface Props {
  providerLabel: string;
  address: string;
  isWorking: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Says what disconnecting does before it happens: sync and calendar reminders stop, data stays. */
export function DisconnectMailboxDialog({ providerLabel, address, isWorking, onConfirm, onClose }: Props) {
  return (
    <Modal title="Disconnect mailbox?" onClose={onClose}>
      <div className="space-y-3 text-slate-700">
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
      </div>
      <FormActions
        look="dialog"
        label="Disconnect mailbox"
        busyLabel="Disconnecting…"
        isBusy={isWorking}
        onConfirm={onConfirm}
        onCancel={onClose}
      />
    </Modal>
  );
}
