import { StartLink } from './StartLink';

export function Hero({ isSignedIn }: { isSignedIn: boolean }) {
  return (
    <section className="bg-gradient-to-b from-blue-50 to-slate-50 px-4 pt-16 pb-12 text-center sm:px-6 sm:pt-24">
      <div className="mx-auto max-w-3xl">
        <p className="mb-4 inline-block rounded-full bg-blue-100 px-3 py-1 text-sm font-medium text-blue-800">
          Purchases, receipts and warranties in one place
        </p>
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
          Track Every Purchase, Never Miss a Warranty
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-700">
          Warrantly reads your order confirmations from Gmail or Outlook, keeps your receipts safe, and
          reminds you on your own calendar before a warranty runs out or a filter needs changing.
        </p>
        <div className="mt-8 flex justify-center">
          <StartLink
            isSignedIn={isSignedIn}
            text={{ signedIn: 'Go to Dashboard', signedOut: 'Get Started' }}
            className="inline-flex min-h-12 items-center rounded-xl bg-blue-700 px-8 text-lg font-semibold text-white shadow-sm hover:bg-blue-800"
          />
        </div>
      </div>
    </section>
  );
}
