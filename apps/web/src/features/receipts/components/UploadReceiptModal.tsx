import { type DragEvent, type FormEvent, useId, useRef, useState } from 'react';
import { showResult } from '@/components/alerts';
import { FormActions } from '@/components/FormActions';
import { Icon } from '@/components/Icon';
import { Modal } from '@/components/Modal';
import { isPdfFile, showInvalidFile } from '@/components/pdf-file';
import { formatBytes } from '../format-bytes';
import { useOfferRestore } from '../use-offer-restore';
import { useUploadReceipt } from '../use-upload-receipt';

/** Upload PDF Receipt: drag and drop or browse, PDF only, with a progress bar while it uploads. */
export function UploadReceiptModal({ onClose }: { onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const progressId = useId();
  const { upload, progress, isUploading } = useUploadReceipt();
  const offerRestore = useOfferRestore();

  function choose(chosen: File | null | undefined) {
    if (!chosen) return;
    if (!isPdfFile(chosen)) {
      setFile(null);
      if (input.current) input.current.value = '';
      void showInvalidFile();
      return;
    }
    setFile(chosen);
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setIsDragging(false);
    choose(event.dataTransfer.files[0]);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) {
      void showInvalidFile();
      return;
    }
    const outcome = await upload(file);
    if (outcome.kind === 'found') {
      onClose();
      void showResult('success', 'File Uploaded', `${file.name} has been uploaded successfully!`);
    } else if (outcome.kind === 'rejected') {
      // The dialog stays open with the file chosen: once restored, Upload sends it again.
      void offerRestore(outcome.restoreId);
    } else if (outcome.kind === 'empty') {
      onClose();
      void showResult('info', 'No Data', 'No relevant data was found in the file.');
    } else {
      void showResult('error', 'Upload Failed', 'There was an error uploading the file.', outcome.reason);
    }
  }

  return (
    <Modal title="Upload PDF Receipt" onClose={isUploading ? () => undefined : onClose}>
      <form onSubmit={onSubmit} className="space-y-4">
        <label
          onDragOver={(e) => {
            e.preventDefault();
            setIsDragging(true);
          }}
          onDragLeave={() => setIsDragging(false)}
          onDrop={onDrop}
          className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed px-4 py-10 text-center ${
            isDragging ? 'border-blue-600 bg-blue-50' : 'border-slate-300 bg-slate-50 hover:bg-slate-100'
          }`}
        >
          <Icon name="upload" className="size-8 text-blue-700" />
          <span className="font-semibold text-slate-900">Drag and drop your PDF here</span>
          <span className="text-sm text-slate-700">
            or <span className="font-semibold text-blue-700 underline">browse</span> to choose a file
          </span>
          <input
            ref={input}
            type="file"
            accept="application/pdf"
            className="sr-only"
            aria-label="Choose a PDF receipt"
            onChange={(e) => choose(e.target.files?.[0])}
          />
        </label>
        {file && (
          <p className="flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">
            <Icon name="file" className="size-4" />
            <span className="truncate">{file.name}</span>
            <span className="ml-auto shrink-0 text-slate-600">{formatBytes(file.size)}</span>
          </p>
        )}
        {progress !== null && (
          <div>
            <div className="flex justify-between text-sm text-slate-700">
              <span id={progressId}>Uploading</span>
              <span>{progress}%</span>
            </div>
            <div
              role="progressbar"
              aria-labelledby={progressId}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="mt-1 h-2.5 overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full bg-blue-700 transition-[width]" style={{ width: `${progress}%` }} />
            </div>
          </div>
        )}
        <FormActions
          label="Upload"
          busyLabel="Uploading..."
          isBusy={isUploading}
          onCancel={onClose}
          isCancelDisabled={isUploading}
        />
      </form>
    </Modal>
  );
}
