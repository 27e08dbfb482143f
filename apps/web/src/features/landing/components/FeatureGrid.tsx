import { Icon, type IconName } from '@/components/Icon';

const FEATURES: { title: string; text: string; icon: IconName }[] = [
  {
    title: 'Automatic Purchase Extraction',
    text: 'Order confirmations in your Gmail or Outlook mailbox become purchases with store, date and price.',
    icon: 'mail',
  },
  {
    title: 'Warranty Expiry Alerts',
    text: 'Know before a warranty runs out, while a claim is still possible.',
    icon: 'bell',
  },
  {
    title: 'Encrypted Document Storage',
    text: 'Receipts, warranties and manuals are stored encrypted and open whenever you need them.',
    icon: 'lock',
  },
  {
    title: 'Calendar Sync',
    text: 'Reminders go to Google Calendar, and a private feed brings them to Apple Calendar too.',
    icon: 'calendar',
  },
  {
    title: 'Recurring Reminders',
    text: 'Filter replacements and regular maintenance come back on schedule.',
    icon: 'repeat',
  },
  {
    title: 'Secure OAuth 2.0 Sign-in',
    text: 'Sign in with your Google or Microsoft account; no new password to remember.',
    icon: 'key',
  },
];

export function FeatureGrid() {
  return (
    <section id="features" aria-labelledby="features-title" className="px-4 py-12 sm:px-6">
      <div className="mx-auto max-w-6xl">
        <h2 id="features-title" className="text-center text-3xl font-bold text-slate-900">
          Everything your purchases need
        </h2>
        <ul className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="inline-flex rounded-lg bg-blue-100 p-3 text-blue-800">
                <Icon name={feature.icon} className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{feature.title}</h3>
              <p className="mt-2 text-slate-700">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
