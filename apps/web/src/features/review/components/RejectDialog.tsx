import { REJECTION_DAYS } from '@warrantly/contract/review';
import { FormActions } from '@/components/FormActions';
import { Modal } from '@/components/Modal';
import { purchaseCount } from '../review-words';

interface Props {
  /** What is rejected: the one purchase's name, or how many. */
  names: string[];
  isWorking: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Says what a rejection does before it happens: the purchase goes, its source is remembered a while. */
export function RejectDialog({ names, isWorking, onConfirm, onClose }: Props) {
  const what = names.length === 1 ? names[0] : purchaseCount(names.length);
  return (
    <Modal title={names.length === 1 ? 'Reject this purchase?' : `Reject ${what}?`} onClose={onClose}>
      <div className="space-y-3 text-slate-700">
        <p>
          <strong className="text-slate-900">{what}</strong>{' '}
          {names.length === 1 ? 'is removed from your purchases.' : 'are removed from your purchases.'}
        </p>
        <p>
          Sync and upload will not read the same e-mail or file again. For {REJECTION_DAYS} days you can
          restore it under Rejected.
        </p>
      </div>
      <FormActions
        label="Reject"
        busyLabel="Rejecting…"
        tone="danger"
        look="dialog"
        isBusy={isWorking}
        onConfirm={onConfirm}
        onCancel={onClose}
      />
    </Modal>
  );
}
