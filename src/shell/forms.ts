// A prerendered form sent before its island has hydrated would go the browser's own way: a
// GET of this page with every field in the address (a password too), and nothing done.
// Held instead, it is sent again once the island has taken the form over (FORM_READY), and
// the island sends it. Astro's own `astro:hydrate` comes too early for that: React
// hydrates in a transition after it, and a submit in between would still go the GET way.
import { FORM_READY } from '../lib/browser.ts';

export function holdEarlySubmits(): void {
  // The shell runs once the HTML is parsed, before any island has hydrated.
  const waiting = new WeakSet<HTMLFormElement>();
  for (const form of document.querySelectorAll<HTMLFormElement>('astro-island form')) {
    waiting.add(form);
    form.addEventListener(FORM_READY, () => waiting.delete(form), { once: true });
  }
  const held = new WeakSet<HTMLFormElement>();
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !waiting.has(form)) return;
      event.preventDefault();
      if (held.has(form)) return;
      held.add(form);
      const submitter = (event as SubmitEvent).submitter;
      form.addEventListener(
        FORM_READY,
        // After React's commit, in which the island said it was ready.
        () => setTimeout(() => form.requestSubmit(submitter && form.contains(submitter) ? submitter : undefined)),
        { once: true },
      );
    },
    true,
  );
}
