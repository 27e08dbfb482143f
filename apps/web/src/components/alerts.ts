import type { SweetAlertIcon } from 'sweetalert2';

// SweetAlert2 loads with the first dialog, so pages that never show one do not pay for it.
async function swal() {
  return (await import('sweetalert2')).default;
}

const buttonColors = { confirmButtonColor: '#1d4ed8', cancelButtonColor: '#475569' };

/** A result dialog with one OK button (SPEC section 8's success and failure texts). */
export async function showResult(icon: SweetAlertIcon, title: string, text: string): Promise<void> {
  const Swal = await swal();
  await Swal.fire({ icon, title, text, ...buttonColors });
}

/** The delete confirmation of SPEC section 8; true when the user confirmed. */
export async function confirmDelete(): Promise<boolean> {
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
