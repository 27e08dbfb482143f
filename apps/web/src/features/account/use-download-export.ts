import { exportFilename } from '@warrantly/contract/account';
import { useState } from 'react';
import { apiErrorMessage } from '@/app/api';
import { fetchFileBlob } from '@/app/client';
import { useAppDispatch } from '@/app/hooks';
import { showToast } from '@/components/show-toast';
import { toIsoDate } from '@/lib/dates';

const EXPORT_URL = '/api/v1/account/export/';

/**
 * "Download my data": the ZIP is fetched with the bearer token (a plain link could not carry it) and
 * handed to the browser as a download under the server's dated name.
 */
export function useDownloadExport() {
  const dispatch = useAppDispatch();
  const [isDownloading, setIsDownloading] = useState(false);
  async function download() {
    setIsDownloading(true);
    try {
      const blob = await dispatch(fetchFileBlob(EXPORT_URL));
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = exportFilename(toIsoDate(new Date()));
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has taken the file once the click is handled; free it on the next turn.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (error) {
      showToast('error', apiErrorMessage(error, 'Your data could not be downloaded. Please try again.'));
    } finally {
      setIsDownloading(false);
    }
  }
  return { download, isDownloading };
}
