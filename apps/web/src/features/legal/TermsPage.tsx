import { LegalPage } from './LegalPage';

export function TermsPage() {
  return (
    <LegalPage title="Terms & Conditions">
      <p>
        These terms are placeholder text. By using Warrantly you agree to use it for keeping track of your own
        purchases, receipts and warranties, and to keep your sign-in to yourself.
      </p>
      <p>
        Warrantly helps you remember dates; the warranty itself is a matter between you and the seller or
        manufacturer. We provide the service as it is and may change it over time.
      </p>
      <p>You can stop using the service at any time; ask us and we delete your data.</p>
    </LegalPage>
  );
}
