import { type RefObject, useCallback, useEffect, useState } from 'react';
import { fetchFileBlob } from '@/app/client';
import { useAppDispatch } from '@/app/hooks';
import { saveBlob } from '@/components/save-file';
import { documentFileUrl } from './review-api';

type FileState = { url: string | null; status: 'idle' | 'loading' | 'failed' };

/**
 * A stored document's bytes as a blob URL (a plain link could not carry the bearer token), fetched once
 * `enabled`; the URL is released when the component goes or the document changes.
 */
export function useDocumentFile(documentId: number, enabled: boolean) {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<FileState>({ url: null, status: 'idle' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // A retry runs this again.
    void attempt;
    if (!enabled) return;
    let url: string | null = null;
    let isCurrent = true;
    setState({ url: null, status: 'loading' });
    dispatch(fetchFileBlob(documentFileUrl(documentId))).then(
      (blob) => {
        if (!isCurrent) return;
        url = URL.createObjectURL(blob);
        setState({ url, status: 'idle' });
      },
      (error: unknown) => {
        console.error('The document could not be loaded', error);
        if (isCurrent) setState({ url: null, status: 'failed' });
      },
    );
    return () => {
      isCurrent = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [dispatch, documentId, enabled, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}

/**
 * Saves a stored document under its name, as the server sent it: the bytes are not touched on the way.
 */
export function useDownloadDocument() {
  const dispatch = useAppDispatch();
  const [isDownloading, setIsDownloading] = useState(false);

  async function download(documentId: number, filename: string): Promise<boolean> {
    setIsDownloading(true);
    try {
      saveBlob(await dispatch(fetchFileBlob(documentFileUrl(documentId))), filename);
      return true;
    } catch (error) {
      console.error('The document could not be downloaded', error);
      return false;
    } finally {
      setIsDownloading(false);
    }
  }

  return { download, isDownloading };
}

/** True once the element is near the screen (or at once where there is no IntersectionObserver). */
export function useNearScreen(ref: RefObject<Element | null>): boolean {
  const [isNear, setIsNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (isNear || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setIsNear(true);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, isNear]);
  return isNear;
}
