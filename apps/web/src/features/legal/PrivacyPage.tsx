import { LegalPage } from './LegalPage';

export function PrivacyPage() {
  return (
    <LegalPage title="Privacy & Policy">
      <p>
        This policy is placeholder text. Warrantly reads order confirmations from the mailbox you connect,
        only to find your purchases, and stores receipt files encrypted.
      </p>
      <p>
        Your mailbox and calendar tokens stay on our server and are never shared. Reminders are written to
        your own calendar.
      </p>
      <p>We do not sell your data. Ask us and we delete your account and everything in it.</p>
    </LegalPage>
  );
}
