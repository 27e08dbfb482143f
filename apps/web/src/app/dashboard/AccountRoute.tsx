import { AccountPage } from '@/features/account/AccountPage';
import { CountPendingSwitch } from '@/features/review/CountPendingSwitch';

/** The Account page with the review inbox's totals switch: two features, composed here. */
export function AccountRoute() {
  return <AccountPage reviewSettings={<CountPendingSwitch />} />;
}
