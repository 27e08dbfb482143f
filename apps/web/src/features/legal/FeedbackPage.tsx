import { type FormEvent, useState } from 'react';
import { paths } from '@/app/paths';
import { BackLink } from '@/components/BackLink';

const EMPTY = { name: '', email: '', description: '' };
const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-blue-600';

/** Feedback stays in the browser: the spec sends nothing to a server. */
export function FeedbackPage() {
  const [form, setForm] = useState(EMPTY);
  const [isSent, setIsSent] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setForm(EMPTY);
    setIsSent(true);
  }

  return (
    <main className="mx-auto max-w-xl px-4 py-10 sm:px-6">
      <BackLink to={paths.home} label="Back to home" />
      <h1 className="mt-6 text-3xl font-bold text-slate-900">Feedback</h1>
      <p className="mt-2 text-slate-700">Tell us what works and what does not.</p>
      <form onSubmit={onSubmit} className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-6">
        <label className="block font-medium text-slate-800">
          Name
          <input
            name="name"
            required
            autoComplete="name"
            value={form.name}
            onChange={(e) => {
              setForm({ ...form, name: e.target.value });
              setIsSent(false);
            }}
            className={inputClass}
          />
        </label>
        <label className="block font-medium text-slate-800">
          Email
          <input
            name="email"
            type="email"
            required
            autoComplete="email"
            value={form.email}
            onChange={(e) => {
              setForm({ ...form, email: e.target.value });
              setIsSent(false);
            }}
            className={inputClass}
          />
        </label>
        <label className="block font-medium text-slate-800">
          Description
          <textarea
            name="description"
            required
            rows={5}
            value={form.description}
            onChange={(e) => {
              setForm({ ...form, description: e.target.value });
              setIsSent(false);
            }}
            className={inputClass}
          />
        </label>
        <button
          type="submit"
          className="min-h-11 w-full rounded-xl bg-blue-700 px-6 font-semibold text-white hover:bg-blue-800"
        >
          Submit Feedback
        </button>
        <p role="status" className="text-center font-medium text-green-800">
          {isSent ? 'Thank you for your feedback!' : ''}
        </p>
      </form>
    </main>
  );
}
