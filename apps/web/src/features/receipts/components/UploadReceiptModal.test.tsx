import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { servePage } from '@/test/page-server';
import { renderSignedIn } from '@/test/render';
import { UploadReceiptModal } from './UploadReceiptModal';

let server: Awaited<ReturnType<typeof servePage>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.restoreAllMocks();
  // The result dialog lives outside React's tree, where cleanup() does not reach.
  document.querySelector('.swal2-container')?.remove();
});

async function uploadPdf() {
  // jsdom has no matchMedia, which the dialog asks about the user's colour scheme.
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: false,
    media,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  renderSignedIn(<UploadReceiptModal onClose={vi.fn()} />);
  const pdf = new File(['%PDF-1.7 scanned receipt'], 'receipt.pdf', { type: 'application/pdf' });
  await userEvent.upload(screen.getByLabelText('Choose a PDF receipt'), pdf);
  await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
  return screen.findByRole('dialog', { name: 'Upload Failed' });
}

describe('UploadReceiptModal', () => {
  it("says the upload failed, and the server's reason on a line below", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server = await servePage(() => ({
      status: 400,
      json: { message: 'The file is not a PDF', code: 'invalid_file' },
    }));

    const alert = await uploadPdf();

    const lines = within(alert).getAllByText(/./, { selector: 'p' });
    expect(lines.map((line) => line.textContent)).toEqual([
      'There was an error uploading the file.',
      'The file is not a PDF',
    ]);
    expect(server.at('/api/v1/ai-order-extract/')).toHaveLength(1);
  });

  it('says only that the upload failed when the server gave no reason', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server = await servePage(() => ({ status: 502 }));

    const alert = await uploadPdf();

    expect(within(alert).getByText('There was an error uploading the file.')).toBeInTheDocument();
    expect(within(alert).queryAllByText(/./, { selector: 'p' })).toHaveLength(0);
  });
});
