import type { PurchaseDocument } from '@warrantly/contract/review';
import { useState } from 'react';
import { Icon } from '@/components/Icon';
import { useDownloadDocument } from '../use-document-file';

/** Saves the document as the server keeps it (the .eml, the PDF, the photo), under its own name. */
export function DownloadButton({ document: doc, label }: { document: PurchaseDocument; label: string }) {
  const { download, isDownloading } = useDownloadDocument();
  const [failed, setFailed] = useState(false);
  return (
    <div>
      <button
        type="button"
        onClick={() => void download(doc.id, doc.filename).then((ok) => setFailed(!ok))}
        disabled={isDownloading}
        aria-label={`${label}: ${doc.filename}`}
        className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-slate-300 bg-white px-4 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
      >
        <Icon name="download" />
        {isDownloading ? 'Downloading…' : label}
      </button>
      {failed && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          The file could not be downloaded. Please try again.
        </p>
      )}
    </div>
  );
}
