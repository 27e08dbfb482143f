import { MAX_UPLOAD_BYTES } from '@warrantly/contract/common';
import { RECEIPT_PHOTO_TYPES } from '@warrantly/contract/receipts';

/**
 * Why a chosen photo cannot be sent, in the words the dialog shows; null when it can. A photo whose type
 * the browser does not know (HEIC in some browsers) is sent: the server tells it by its bytes.
 * @example photoRefusal(new File([], 'notes.txt', { type: 'text/plain' })) //=> 'Please select a photo ...'
 */
export function photoRefusal(photo: File): string | null {
  if (photo.type && !(RECEIPT_PHOTO_TYPES as readonly string[]).includes(photo.type))
    return 'Please select a photo of the receipt (JPEG, PNG, WebP or HEIC).';
  if (photo.size > MAX_UPLOAD_BYTES)
    return `The photo is larger than the ${MAX_UPLOAD_BYTES / 1024 / 1024} MB limit.`;
  return null;
}
