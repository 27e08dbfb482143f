import { useEffect, useState } from 'react';
import { fetchFileBlob } from '@/app/client';
import { useAppDispatch } from '@/app/hooks';
import { Icon } from '@/components/Icon';

/**
 * Opens the stored receipt file: fetched with the bearer token into a blob URL, shown inline (a PDF in a
 * frame, a photo as an image) and openable in a new tab. The blob URL is released when the modal closes.
 */
export function ReceiptFileViewer({
  orderId,
  fileName,
  mime,
}: {
  orderId: string;
  fileName: string;
  mime: string;
}) {
  const dispatch = useAppDispatch();
  const [url, setUrl] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  // Browsers other than Safari cannot show HEIC: the photo is then offered as a download.
  const [isShowable, setIsShowable] = useState(true);
  const isPhoto = mime.startsWith('image/');

  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  async function open() {
    setState('loading');
    try {
      const blob = await dispatch(fetchFileBlob(`/api/v1/invoice/${encodeURIComponent(orderId)}/file/`));
      setUrl(URL.createObjectURL(blob));
      setState('idle');
    } catch (error) {
      console.error('The receipt file could not be opened', error);
      setState('failed');
    }
  }

  if (url) {
    return (
      <div className="space-y-2">
        {!isPhoto ? (
          <iframe
            title={`Receipt file ${fileName}`}
            src={url}
            className="h-96 w-full rounded-lg border border-slate-200"
          />
        ) : isShowable ? (
          <img
            src={url}
            alt={`Receipt ${fileName}`}
            onError={() => setIsShowable(false)}
            className="max-h-96 w-full rounded-lg border border-slate-200 object-contain"
          />
        ) : (
          <p className="text-sm text-slate-700">
            This browser cannot show {fileName}; download it to see it.
          </p>
        )}
        <a
          href={url}
          target="_blank"
          rel="noopener"
          {...(isPhoto && !isShowable ? { download: fileName } : {})}
          className="inline-flex items-center gap-2 font-semibold text-blue-700 underline"
        >
          <Icon name="external" className="size-4" />
          {isPhoto && !isShowable ? `Download ${fileName}` : `Open ${fileName} in a new tab`}
        </a>
      </div>
    );
  }
  return (
    <div>
      <button
        type="button"
        onClick={() => void open()}
        disabled={state === 'loading'}
        className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-blue-700 px-5 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
      >
        <Icon name="file" />
        {state === 'loading' ? 'Opening...' : 'Open Receipt File'}
      </button>
      {state === 'failed' && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          The file could not be opened.
        </p>
      )}
    </div>
  );
}
