import type { ClientDirective } from 'astro';

// Hydrates an island on the visitor's first interaction with the page (pointer,
// touch, key or focus), so pages that do not need React at once do not load it
// before then. Used for the modal host and the chat widget. A click inside the
// island that lands while it is still loading is replayed once it has hydrated.
// `casino:interaction` is sent when code opens a modal without a user gesture (an emailed
// link, the account page for a guest): only the island marked `client:interaction="modal"`
// (the modal host) answers it, so the chat does not load with a dialog nobody clicked.
//
// `client:interaction={{ reach: true, param }}` waits for the visitor to reach for the island
// itself: a pointer over it, a touch, a key or focus inside it. Its prerendered HTML is the
// first screen; React, the island's code and its refresh from the API come when it is used,
// so a large island (the game lobby) costs a page nothing while it loads. An address
// naming `param` (`?play=…`) asks for the island's work at once, so it hydrates on load.
const GESTURES = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
const REACH = ['pointerover', ...GESTURES] as const;

export type InteractionOptions = boolean | 'modal' | { reach: true; param?: string };

const interaction: ClientDirective = (load, options, el) => {
  const value = options.value as InteractionOptions;
  const modal = value === 'modal';
  const reach = typeof value === 'object' && value !== null && value.reach;
  const target: EventTarget = reach ? el : window;
  const EVENTS: readonly string[] = reach ? REACH : modal ? [...GESTURES, 'casino:interaction'] : GESTURES;
  let started = false;
  let pending: HTMLElement | undefined;
  const hold = (event: Event) => {
    // The click may land on an icon's SVG, which has no click(): replay it on the HTML element around it.
    let target = event.target as Element | null;
    while (target && !(target instanceof HTMLElement)) target = target.parentElement;
    if (!target || !el.contains(target)) return;
    // Fields, labels and links work without React, and what they did is kept: a form reads
    // its fields once hydrated, and the shell holds a form sent before then (src/shell/forms.ts).
    if (target.closest('input, select, textarea, label, a[href]') || target.closest('button')?.type === 'submit') return;
    event.preventDefault();
    event.stopPropagation();
    pending = target;
  };
  const start = async (event?: Event) => {
    // The update prompt's Reload must not start chunk downloads under the worker being
    // replaced: Chromium then holds them and the new worker's activation behind each other.
    if (event?.target instanceof Element && event.target.closest('[data-no-hydrate]')) return;
    // A dialog opened by code puts the focus in its first field: that is not the visitor
    // reaching for the chat.
    if (!modal && !reach && event?.type === 'focusin' && event.target instanceof Element && event.target.closest('#modal-host, dialog')) return;
    if (started) return;
    started = true;
    for (const name of EVENTS) target.removeEventListener(name, start, true);
    el.addEventListener('click', hold, true);
    const hydrate = await load();
    await hydrate();
    el.removeEventListener('click', hold, true);
    pending?.click();
  };
  if (reach && value.param && new URLSearchParams(location.search).has(value.param)) {
    void start();
    return;
  }
  for (const name of EVENTS) target.addEventListener(name, start, { capture: true, passive: true });
  // A modal may have been asked for before this island's directive ran.
  if (modal && (window as { casinoInteracted?: boolean }).casinoInteracted) void start();
};

export default interaction;
