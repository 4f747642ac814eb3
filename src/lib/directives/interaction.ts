import type { ClientDirective } from 'astro';

// Hydrates an island on the visitor's first interaction with the page (pointer,
// touch, key or focus), so pages that do not need React at once do not load it
// before then. Used for the modal host and the chat widget. A click inside the
// island that lands while it is still loading is replayed once it has hydrated.
// `casino:interaction` is sent when code opens a modal without a user gesture (an emailed link).
const EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'casino:interaction'] as const;

const interaction: ClientDirective = (load, _options, el) => {
  let started = false;
  let pending: HTMLElement | undefined;
  const hold = (event: Event) => {
    const target = event.target as HTMLElement | null;
    if (target && el.contains(target)) {
      event.preventDefault();
      event.stopPropagation();
      pending = target;
    }
  };
  const start = async () => {
    if (started) return;
    started = true;
    for (const name of EVENTS) window.removeEventListener(name, start, true);
    el.addEventListener('click', hold, true);
    const hydrate = await load();
    await hydrate();
    el.removeEventListener('click', hold, true);
    pending?.click();
  };
  for (const name of EVENTS) window.addEventListener(name, start, { capture: true, passive: true });
  // A modal may have been asked for before this island's directive ran.
  if ((window as { casinoInteracted?: boolean }).casinoInteracted) void start();
};

export default interaction;
