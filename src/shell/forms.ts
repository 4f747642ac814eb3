// A prerendered form sent before its island has hydrated would go the browser's own way: a
// GET of this page with every field in the address (a password too), and nothing done.
// Held instead, it is sent again once the island has hydrated, and the island sends it.
const held = new WeakSet<HTMLFormElement>();

export function holdEarlySubmits(): void {
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      const island = form.closest('astro-island[ssr]');
      if (!island) return;
      event.preventDefault();
      if (held.has(form)) return;
      held.add(form);
      const submitter = (event as SubmitEvent).submitter;
      island.addEventListener(
        'astro:hydrate',
        () => {
          held.delete(form);
          // React hydrates the island's tree at once for an event that reaches it.
          setTimeout(() => form.requestSubmit(submitter && form.contains(submitter) ? submitter : undefined));
        },
        { once: true },
      );
    },
    true,
  );
}
