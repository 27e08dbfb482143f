import { useEffect, useState } from 'react';
import { fetchFileBlob } from '@/app/authorized-request';
import { useAppDispatch } from '@/app/hooks';
import { Icon } from '@/components/Icon';

/**
 * Opens the stored receipt file: fetched with the bearer token into a blob URL, shown inline and
 * openable in a new tab. The blob URL is released when the modal closes.
 */
export function ReceiptFileViewer({ orderId, fileName }: { orderId: string; fileName: string }) {
  const dispatch = useAppDispatch();
  const [url, setUrl] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');

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
        <iframe
          title={`Receipt file ${fileName}`}
          src={url}
          className="h-96 w-full rounded-lg border border-slate-200"
        />
        <a
          href={url}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-2 font-semibold text-blue-700 underline"
        >
          <Icon name="external" className="size-4" />
          Open {fileName} in a new tab
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
