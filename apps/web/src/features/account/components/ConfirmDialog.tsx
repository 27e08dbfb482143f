import type { FormEvent, ReactNode } from 'react';
import { FormActions } from '@/components/FormActions';
import { Modal } from '@/components/Modal';

/** What the Account page hands each of its confirmation dialogs. */
export interface Confirmation {
  isWorking: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

interface Props extends Confirmation {
  title: string;
  /** The confirm button's text, its text while the request runs, and its colour. */
  action: { label: string; busyLabel: string; tone?: 'primary' | 'danger' };
  /** What confirming does, said before it happens. */
  children: ReactNode;
  /** A field between the text and the buttons; the dialog is then a form that Enter submits. */
  field?: ReactNode;
  /** False until the field holds what confirming needs. */
  canConfirm?: boolean;
}

/** An Account dialog that says what an irreversible or disruptive step does, with Cancel and confirm. */
export function ConfirmDialog({ title, action, children, field, canConfirm = true, ...confirmation }: Props) {
  const { isWorking, onConfirm, onClose } = confirmation;
  const text = <div className="space-y-3 text-slate-700">{children}</div>;
  const buttons = (
    <FormActions
      {...action}
      look="dialog"
      isBusy={isWorking}
      isDisabled={!canConfirm}
      onConfirm={field ? undefined : onConfirm}
      onCancel={onClose}
    />
  );

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (canConfirm && !isWorking) onConfirm();
  }

  return (
    <Modal title={title} onClose={onClose}>
      {field ? (
        <form onSubmit={onSubmit}>
          {text}
          {field}
          {buttons}
        </form>
      ) : (
        <>
          {text}
          {buttons}
        </>
      )}
    </Modal>
  );
}
