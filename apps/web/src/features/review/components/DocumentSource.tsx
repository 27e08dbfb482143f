import type { PurchaseDocument } from '@warrantly/contract/review';
import { useRef, useState } from 'react';
import { IconButton } from '@/components/IconButton';
import { useDocumentFile, useNearScreen } from '../use-document-file';
import { DownloadButton } from './DownloadButton';
import { EmailViewer } from './EmailViewer';

/**
 * The document a purchase was read from, beside its fields: the e-mail (text, safe HTML), the PDF, or
 * the photo with zoom. A purchase holding several shows one at a time, its receipt first.
 */
export function DocumentSource({ documents, title }: { documents: PurchaseDocument[]; title: string }) {
  const ordered = [...documents].sort((a, b) => Number(b.is_primary) - Number(a.is_primary));
  const [shownId, setShownId] = useState(ordered[0]?.id);
  const shown = ordered.find((d) => d.id === shownId) ?? ordered[0];
  if (!shown) return <p className="text-sm text-slate-700">No source document was kept for this purchase.</p>;
  return (
    <div className="space-y-3">
      {ordered.length > 1 && (
        <fieldset>
          <legend className="text-sm font-medium text-slate-600">Documents</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {ordered.map((d) => (
              <button
                key={d.id}
                type="button"
                aria-pressed={d.id === shown.id}
                onClick={() => setShownId(d.id)}
                className={`min-h-11 max-w-full truncate rounded-lg border px-3 text-sm font-medium ${
                  d.id === shown.id
                    ? 'border-blue-700 bg-blue-50 text-blue-800'
                    : 'border-slate-300 text-slate-800 hover:bg-slate-50'
                }`}
              >
                {d.filename}
              </button>
            ))}
          </div>
        </fieldset>
      )}
      {shown.kind === 'email' ? (
        <EmailViewer key={shown.id} document={shown} />
      ) : (
        <FileView key={shown.id} document={shown} title={title} />
      )}
    </div>
  );
}

const ZOOMS = [1, 1.5, 2, 3, 4];

/** A PDF in a frame or a photo with zoom, fetched once it comes near the screen. */
function FileView({ document: doc, title }: { document: PurchaseDocument; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const isNear = useNearScreen(box);
  const { url, status, retry } = useDocumentFile(doc.id, isNear);
  const [zoom, setZoom] = useState(0);
  // Browsers other than Safari cannot show HEIC: the photo is then offered as a download only.
  const [isShowable, setIsShowable] = useState(true);
  const isPhoto = doc.kind === 'photo';
  const percent = Math.round((ZOOMS[zoom] ?? 1) * 100);

  return (
    <div ref={box} className="space-y-2">
      {status === 'failed' ? (
        <p role="alert" className="text-sm text-red-700">
          The document could not be loaded.{' '}
          <button type="button" className="font-semibold underline" onClick={retry}>
            Try again
          </button>
        </p>
      ) : !url ? (
        <div className="flex h-64 items-center justify-center rounded-lg border border-slate-200 bg-slate-50 text-sm text-slate-700">
          Loading {doc.filename}…
        </div>
      ) : !isPhoto ? (
        <iframe
          title={`Receipt file ${doc.filename} for ${title}`}
          src={url}
          className="h-96 w-full rounded-lg border border-slate-200"
        />
      ) : isShowable ? (
        <>
          <div className="flex items-center gap-1">
            <IconButton
              icon="zoomOut"
              label="Zoom out"
              disabled={zoom === 0}
              onClick={() => setZoom((z) => Math.max(0, z - 1))}
            />
            <IconButton
              icon="zoomIn"
              label="Zoom in"
              disabled={zoom === ZOOMS.length - 1}
              onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
            />
            <output className="ml-1 text-sm text-slate-700" aria-live="polite">
              {percent} %
            </output>
          </div>
          <section
            aria-label={`Photo ${doc.filename}, zoomed ${percent} %`}
            className="max-h-96 overflow-auto rounded-lg border border-slate-200 bg-slate-50"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the zoomed photo scrolls; keyboard users must reach it
            tabIndex={0}
          >
            <img
              src={url}
              alt={`Receipt for ${title}`}
              onError={() => setIsShowable(false)}
              style={{ width: `${percent}%`, maxWidth: 'none' }}
              className="block h-auto"
            />
          </section>
        </>
      ) : (
        <p className="text-sm text-slate-700">
          This browser cannot show {doc.filename}; download it to see it.
        </p>
      )}
      <DownloadButton document={doc} label={isPhoto ? 'Download photo' : 'Download PDF'} />
    </div>
  );
}
