import type { AccountInfo } from '@warrantly/contract/account';
import { type ReactNode, useState } from 'react';
import { apiErrorMessage } from '@/app/api';
import { loggedOut } from '@/app/auth-slice';
import { useAppDispatch } from '@/app/hooks';
import { ActionButton } from '@/components/ActionButton';
import { ErrorScreen } from '@/components/ErrorScreen';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { showToast } from '@/components/show-toast';
import { formatDateTime } from '@/lib/dates';
import { useDeleteAccountMutation, useDisconnectMailboxMutation, useGetAccountQuery } from './account-api';
import { AccountCard as Card } from './components/AccountCard';
import { DefaultCurrencyForm } from './components/DefaultCurrencyForm';
import { DeleteAccountDialog } from './components/DeleteAccountDialog';
import { DisconnectMailboxDialog } from './components/DisconnectMailboxDialog';
import { LearnedCorrections } from './components/LearnedCorrections';
import { useDownloadExport } from './use-download-export';

const PROVIDER_LABEL = { google: 'Google', microsoft: 'Microsoft' } as const;
const MAILBOX_LABEL = { google: 'Gmail', microsoft: 'Outlook' } as const;

/** The account, its connected mailbox, and the privacy controls: download, disconnect, delete. */
interface Props {
  /** The review inbox's setting (do purchases waiting count in the totals): another feature's, handed in by the app. */
  reviewSettings: ReactNode;
}

export function AccountPage({ reviewSettings }: Props) {
  // Asked afresh on each visit: the mailbox may have synced since ("Last synced").
  const {
    data: account,
    isLoading,
    isError,
  } = useGetAccountQuery(undefined, { refetchOnMountOrArgChange: true });
  if (isLoading) return <Spinner label="Loading account" />;
  if (isError || !account) return <ErrorScreen />;
  return <AccountDetails account={account} reviewSettings={reviewSettings} />;
}

function AccountDetails({ account, reviewSettings }: { account: AccountInfo } & Props) {
  const dispatch = useAppDispatch();
  const [dialog, setDialog] = useState<'disconnect' | 'delete' | null>(null);
  const { download, isDownloading } = useDownloadExport();
  const [disconnect, { isLoading: isDisconnecting }] = useDisconnectMailboxMutation();
  const [deleteAccount, { isLoading: isDeleting }] = useDeleteAccountMutation();
  const provider = PROVIDER_LABEL[account.provider];
  const { mailbox } = account;
  const lastSynced = mailbox.last_synced_at && formatDateTime(mailbox.last_synced_at);

  async function onDisconnect() {
    try {
      await disconnect().unwrap();
      setDialog(null);
      showToast('success', 'Mailbox disconnected. Your data is kept.');
    } catch (error) {
      showToast('error', apiErrorMessage(error, 'The mailbox could not be disconnected. Please try again.'));
    }
  }

  async function onDelete() {
    try {
      await deleteAccount().unwrap();
    } catch (error) {
      showToast('error', apiErrorMessage(error, 'Your account could not be deleted. Please try again.'));
      return;
    }
    // Every tab of the app signs out; the dashboard's guard takes each to the landing page, which says
    // the account was deleted.
    dispatch(loggedOut({ isFromOtherTab: false, reason: 'account-deleted' }));
  }

  return (
    <section>
      <PageHeader title="Account" subtitle="Your profile, your mailbox and your data." />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Profile">
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-medium text-slate-600">Name</dt>
            <dd className="text-slate-900">{account.name || 'Not Provided'}</dd>
            <dt className="font-medium text-slate-600">E-mail</dt>
            <dd className="break-all text-slate-900">{account.email}</dd>
            <dt className="font-medium text-slate-600">Signed in with</dt>
            <dd className="text-slate-900">{provider}</dd>
          </dl>
        </Card>
        <Card title="Connected mailbox">
          <p className="text-sm text-slate-900">
            {MAILBOX_LABEL[mailbox.provider]}: <span className="break-all">{mailbox.address}</span>
          </p>
          <p className="mt-2 text-sm">
            <span
              className={`rounded-full px-2.5 py-1 text-xs font-semibold ${
                mailbox.connected ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900'
              }`}
            >
              {mailbox.connected ? 'Connected' : 'Not connected'}
            </span>
          </p>
          <p className="mt-3 text-sm text-slate-700">
            {mailbox.connected
              ? `Purchases are imported from this mailbox and reminders go to your ${provider} calendar.${
                  lastSynced ? ` Last synced ${lastSynced}.` : ''
                }`
              : `Mail sync and calendar reminders are stopped. Sign in with ${provider} again to reconnect.`}
          </p>
          {mailbox.connected && (
            <ActionButton
              icon="mail"
              variant="secondary"
              className="mt-4"
              onClick={() => setDialog('disconnect')}
            >
              Disconnect mailbox
            </ActionButton>
          )}
        </Card>
        <Card title="Currency">
          <DefaultCurrencyForm />
        </Card>
        <Card title="Review">{reviewSettings}</Card>
        <Card title="Learned from your corrections">
          <LearnedCorrections />
        </Card>
        <Card title="Your data">
          <p className="text-sm text-slate-700">
            A ZIP file with your purchases (JSON and CSV), reminders, settings and every receipt file you
            stored.
          </p>
          <ActionButton icon="file" className="mt-4" onClick={() => void download()} disabled={isDownloading}>
            {isDownloading ? 'Preparing download…' : 'Download my data'}
          </ActionButton>
        </Card>
        <Card title="Delete account" tone="danger">
          <p className="text-sm text-slate-700">
            Deletes your purchases, receipts, reminders and the calendar events this app made, and removes
            Warrantly's access to your {provider} account. This cannot be undone.
          </p>
          <button
            type="button"
            onClick={() => setDialog('delete')}
            className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-xl bg-red-700 px-4 font-semibold text-white hover:bg-red-800"
          >
            Delete account
          </button>
        </Card>
      </div>
      {dialog === 'disconnect' && (
        <DisconnectMailboxDialog
          providerLabel={provider}
          address={mailbox.address}
          isWorking={isDisconnecting}
          onConfirm={() => void onDisconnect()}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'delete' && (
        <DeleteAccountDialog
          email={account.email}
          providerLabel={provider}
          isWorking={isDeleting}
          onConfirm={() => void onDelete()}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}
