import { DocumentSource } from './components/DocumentSource';
import { useGetPurchaseDocumentsQuery } from './review-api';

/**
 * The documents a purchase was read from, for any page that shows one purchase (the receipt details):
 * the e-mail as text or safe HTML with its .eml, the PDF, the photo.
 */
export function PurchaseSource({ orderId, title }: { orderId: string; title: string }) {
  const { data, isLoading, isError } = useGetPurchaseDocumentsQuery(orderId);
  if (isLoading) return <p className="text-sm text-slate-700">Loading the source…</p>;
  if (isError || !data) {
    return (
      <p role="alert" className="text-sm text-red-700">
        The source could not be loaded.
      </p>
    );
  }
  if (data.missing_source === 'not_kept' && data.documents.length === 0) {
    return (
      <p className="text-sm text-slate-700">
        This purchase was read before Warrantly kept its e-mail, and the e-mail could not be fetched again.
      </p>
    );
  }
  return <DocumentSource documents={data.documents} title={title} />;
}
