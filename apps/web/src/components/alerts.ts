import type { SweetAlertIcon } from 'sweetalert2';

// SweetAlert2 loads with the first dialog, so pages that never show one do not pay for it.
async function swal() {
  return (await import('sweetalert2')).default;
}

const buttonColors = { confirmButtonColor: '#1d4ed8', cancelButtonColor: '#475569' };

/**
 * A result dialog with one OK button (SPEC section 8's success and failure texts); `detail`, when given,
 * on a line of its own below the text (the server's reason for a failure).
 */
export async function showResult(
  icon: SweetAlertIcon,
  title: string,
  text: string,
  detail?: string | null,
): Promise<void> {
  const Swal = await swal();
  if (!detail) {
    await Swal.fire({ icon, title, text, ...buttonColors });
    return;
  }
  // Built as nodes with textContent: the server's words are shown, never read as HTML.
  const html = document.createElement('div');
  for (const line of [text, detail]) {
    const paragraph = document.createElement('p');
    paragraph.textContent = line;
    html.append(paragraph);
  }
  await Swal.fire({ icon, title, html, ...buttonColors });
}

/**
 * The delete of SPEC section 8: the confirmation, then `remove`, then the result dialog; `failureText`
 * words a failure.
 */
export async function deleteAfterConfirming(
  remove: () => Promise<unknown>,
  failureText: (error: unknown) => string,
): Promise<void> {
  if (!(await confirmDelete())) return;
  try {
    await remove();
    void showResult('success', 'Deleted!', 'Your purchase has been deleted.');
  } catch (error) {
    void showResult('error', 'Error!', failureText(error));
  }
}

/** The delete confirmation of SPEC section 8; true when the user confirmed. */
async function confirmDelete(): Promise<boolean> {
  const Swal = await swal();
  const result = await Swal.fire({
    title: 'Are you sure?',
    text: "You won't be able to revert this!",
    icon: 'warning',
    showCancelButton: true,
    confirmButtonText: 'Yes, delete it!',
    confirmButtonColor: '#b91c1c',
    cancelButtonColor: '#475569',
    focusCancel: true,
  });
  return result.isConfirmed;
}

/** A question with Cancel and one action (`confirmText`); true when the user chose the action. */
export async function confirmAction(title: string, text: string, confirmText: string): Promise<boolean> {
  const Swal = await swal();
  const result = await Swal.fire({
    title,
    text,
    icon: 'question',
    showCancelButton: true,
    confirmButtonText: confirmText,
    ...buttonColors,
  });
  return result.isConfirmed;
}
