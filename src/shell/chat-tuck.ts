// On phones and tablets the chat bubble sits on the text: it tucks away while the page
// scrolls down and comes back on the way up and at the end, where the footer keeps room
// for it. Reading never meets it, and it is one flick away.
import { root } from './dom.ts';

export function startChatTuck(): void {
  let lastScroll = scrollY;
  let scrollFrame = 0;
  window.addEventListener(
    'scroll',
    () => {
      if (scrollFrame) return;
      scrollFrame = requestAnimationFrame(() => {
        scrollFrame = 0;
        const y = scrollY;
        const atEnd = y + innerHeight >= root.scrollHeight - 24;
        if (Math.abs(y - lastScroll) < 4 && !atEnd) return;
        root.toggleAttribute('data-chat-tucked', y > lastScroll && !atEnd);
        lastScroll = y;
      });
    },
    { passive: true },
  );
}
