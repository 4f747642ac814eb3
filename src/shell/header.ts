// The desktop header in one row in every language: the main tabs that do not fit the
// bar move to "More" (casino and sports stay longest), and the language switcher shows
// the language's name only when every tab fits beside it. Widths are measured once and
// the fit is arithmetic on the width a ResizeObserver reports, so a resize costs no
// extra layout. Without this script the bar still fits: CSS cuts the overflowing tabs
// away and "More" lists them all.

/** The space between two tabs (the tab list's column gap) and before "More". */
const GAP = 4;
/** Room left over for sub-pixel rounding, so that a tab never wraps out of sight. */
const SLACK = 1;

export function fitHeaderTabs(): void {
  const bar = document.querySelector<HTMLElement>('.header-bar');
  const nav = bar?.querySelector<HTMLElement>('.main-tabs');
  const list = nav?.querySelector<HTMLElement>('.tab-list');
  const more = nav?.querySelector<HTMLDetailsElement>('.more-tabs');
  if (!bar || !nav || !list || !more) return;
  const tabs = [...list.children] as HTMLElement[];
  const copies = [...more.querySelectorAll<HTMLElement>('.more-list > li')];
  const name = bar.querySelector<HTMLElement>('.lang-header .lang-name');
  const code = bar.querySelector<HTMLElement>('.lang-header .lang-code');
  const byPriority = tabs.map((_, i) => i).sort((a, b) => Number(tabs[a]?.dataset.priority) - Number(tabs[b]?.dataset.priority));

  let widths: number[] = [];
  let moreWidth = 0;
  let padding = 0;
  let nameExtra = 0;

  /** Reads every width once, while all tabs and "More" are still laid out (nothing has been hidden yet). */
  const measure = (): boolean => {
    const w = tabs.map((li) => li.getBoundingClientRect().width);
    if (w.some((x) => x === 0)) return false;
    widths = w;
    moreWidth = more.getBoundingClientRect().width;
    const style = getComputedStyle(list);
    // The list's padding (room for focus rings) minus the negative margins that give it back.
    padding = [style.paddingLeft, style.paddingRight, style.marginLeft, style.marginRight].reduce((sum, v) => sum + Number.parseFloat(v), 0);
    nameExtra = Math.max(0, (name?.getBoundingClientRect().width ?? 0) - (code?.getBoundingClientRect().width ?? 0));
    return true;
  };

  const need = (shown: number[]) => padding + shown.reduce((sum, i) => sum + (widths[i] ?? 0), 0) + GAP * Math.max(0, shown.length - 1);

  const fitTo = (navWidth: number) => {
    if (widths.length === 0 && !measure()) return;
    // The width the tabs would have with the short language label.
    const room = navWidth + (bar.hasAttribute('data-lang-name') ? nameExtra : 0) - SLACK;
    const showName = need(byPriority) + nameExtra <= room;
    const space = showName ? room - nameExtra : room;
    const shown = new Set<number>();
    if (need(byPriority) <= space) for (const i of byPriority) shown.add(i);
    else {
      const chosen: number[] = [];
      for (const i of byPriority) {
        if (need([...chosen, i]) + GAP + moreWidth > space) break;
        chosen.push(i);
        shown.add(i);
      }
    }
    bar.toggleAttribute('data-lang-name', showName);
    tabs.forEach((li, i) => {
      li.hidden = !shown.has(i);
      const copy = copies[i];
      if (copy) copy.hidden = shown.has(i);
    });
    more.hidden = shown.size === tabs.length;
    if (more.hidden) more.open = false;
  };

  new ResizeObserver((entries) => {
    const box = entries[0]?.contentRect;
    // Height 0: the bar is the phone one, without tabs.
    if (box && box.height > 0) fitTo(box.width);
  }).observe(nav);
}

/** The header's dropdowns (<details class="dropdown">): one open at a time, closed by Escape, a click elsewhere or focus leaving. */
export function closeDropdownsOutside(): void {
  const openOnes = () => [...document.querySelectorAll<HTMLDetailsElement>('details.dropdown[open]')];
  document.addEventListener(
    'toggle',
    (event) => {
      const opened = event.target;
      if (opened instanceof HTMLDetailsElement && opened.open && opened.classList.contains('dropdown')) {
        for (const d of openOnes()) if (d !== opened) d.open = false;
      }
    },
    true,
  );
  document.addEventListener('click', (event) => {
    for (const d of openOnes()) if (!d.contains(event.target as Node)) d.open = false;
  });
  document.addEventListener('focusout', (event) => {
    const next = event.relatedTarget as Node | null;
    for (const d of openOnes()) if (next && !d.contains(next)) d.open = false;
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const d of openOnes()) {
      const hadFocus = d.contains(document.activeElement);
      d.open = false;
      if (hadFocus) d.querySelector('summary')?.focus();
    }
  });
}
