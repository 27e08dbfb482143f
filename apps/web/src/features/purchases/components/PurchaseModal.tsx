import { type FormEvent, type ReactNode, useState } from 'react';
import { FormActions } from '@/components/FormActions';
import { Modal } from '@/components/Modal';
import { PdfFileField } from '@/components/PdfFileField';

/** The seed's words for each modal (SPEC section 5). */
const TEXTS = {
  manual: { title: 'Manual Purchase', save: 'Save Purchase', invoice: 'Invoice (PDF, optional)' },
  edit: { title: 'Edit Purchase', save: 'Update Purchase', invoice: 'Invoice PDF (optional)' },
} as const;

interface Props {
  kind: keyof typeof TEXTS;
  isSaving: boolean;
  /** Called on submit with the invoice PDF chosen, if any. */
  onSave: (invoice: File | null) => void;
  onClose: () => void;
  /** The purchase's fields, above the invoice. */
  children: ReactNode;
}

/** What the Manual Purchase and Edit Purchase modals share: the dialog, the invoice PDF and the buttons. */
export function PurchaseModal({ kind, isSaving, onSave, onClose, children }: Props) {
  const [invoice, setInvoice] = useState<File | null>(null);
  const texts = TEXTS[kind];

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSave(invoice);
  }

  return (
    <Modal title={texts.title} onClose={onClose} width="max-w-2xl">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {children}
        <PdfFileField label={texts.invoice} file={invoice} onChange={setInvoice} />
        <FormActions
          label={texts.save}
          busyLabel="Saving..."
          isBusy={isSaving}
          onCancel={onClose}
          className="pt-2"
        />
      </form>
    </Modal>
  );
}
