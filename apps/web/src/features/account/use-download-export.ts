import { exportFilename } from '@warrantly/contract/account';
import { useState } from 'react';
import { apiErrorMessage } from '@/app/api';
import { fetchFileBlob } from '@/app/client';
import { useAppDispatch } from '@/app/hooks';
import { saveBlob } from '@/components/save-file';
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
      saveBlob(blob, exportFilename(toIsoDate(new Date())));
    } catch (error) {
      showToast('error', apiErrorMessage(error, 'Your data could not be downloaded. Please try again.'));
    } finally {
      setIsDownloading(false);
    }
  }
  return { download, isDownloading };
}
