// Slot: five reels, three rows, ten fixed lines, or megaways' six reels of 2 to 7 symbols.
// The server decides the spin, free spins and all; this screen spins the reels for the
// eye, stops them left to right, marks what won, then plays any free spins it brought.
import { finder, sleep } from '../dom.ts';
import type { SlotView } from '../../shared/game-views.ts';
import { SLOT_LINES as LINES, SLOT_SYMBOLS as SYMBOLS, type SlotSymbol } from '../../shared/game-tables.ts';
import { buysBonus, FREESPINS } from '../../shared/slot-models.ts';
import type { Action, Screen } from '../studio.ts';
import './slot.css';

const ROWS = 3;
const FREE_SPIN_MS = 900;
/** A colour per line, so a line on the reels matches its row in the list of wins. */
const LINE_COLOURS = ['#ffd166', '#7be0ff', '#ff8fab', '#9bff8a', '#ffb86b', '#c9a7ff', '#ffffff', '#6bffd8', '#ff6b6b', '#f5ff7a'];
const SPIN_MIN_MS = 420;
const REEL_GAP_MS = 140;

/** A card symbol: a bold letter with a dark outline. */
const letter = (text: string, fill: string, size = 70) =>
  `<text x="50" y="${50 + size * 0.35}" font-size="${size}" font-weight="900" font-family="Georgia, 'Times New Roman', serif" text-anchor="middle" fill="${fill}" stroke="#10131c" stroke-width="5" paint-order="stroke">${text}</text>`;

/** The symbols' drawings, one `<symbol>` each, used by every cell (static markup). */
const ART = `
  <svg class="slot-art" aria-hidden="true" focusable="false" width="0" height="0">
    <defs>
      <linearGradient id="slot-gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff2a8" /><stop offset="0.55" stop-color="#f5b700" /><stop offset="1" stop-color="#b36b00" /></linearGradient>
      <linearGradient id="slot-red" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff6b6b" /><stop offset="1" stop-color="#c4001d" /></linearGradient>
      <linearGradient id="slot-wild-fill" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff5fd2" /><stop offset="0.5" stop-color="#8a4dff" /><stop offset="1" stop-color="#2fc9ff" /></linearGradient>
    </defs>
    <symbol id="slot-nine" viewBox="0 0 100 100">${letter('9', '#5fd9ea')}</symbol>
    <symbol id="slot-ten" viewBox="0 0 100 100">${letter('10', '#8fe388', 54)}</symbol>
    <symbol id="slot-jack" viewBox="0 0 100 100">${letter('J', '#7fb8ff')}</symbol>
    <symbol id="slot-queen" viewBox="0 0 100 100">${letter('Q', '#ff9ccf')}</symbol>
    <symbol id="slot-king" viewBox="0 0 100 100">${letter('K', '#ffb55c')}</symbol>
    <symbol id="slot-ace" viewBox="0 0 100 100">${letter('A', '#ff6e6e')}</symbol>
    <symbol id="slot-bell" viewBox="0 0 100 100">
      <path d="M50 10c-4 0-6 3-6 6C30 19 23 31 23 46v16l-9 11h72l-9-11V46c0-15-7-27-21-30 0-3-2-6-6-6z" fill="url(#slot-gold)" stroke="#5a3300" stroke-width="3" stroke-linejoin="round" />
      <circle cx="50" cy="82" r="8" fill="url(#slot-gold)" stroke="#5a3300" stroke-width="3" />
      <path d="M36 40c1-8 6-13 12-15" fill="none" stroke="#fffbe0" stroke-width="4" stroke-linecap="round" opacity="0.8" />
    </symbol>
    <symbol id="slot-seven" viewBox="0 0 100 100">
      <text x="52" y="84" font-size="92" font-weight="900" font-style="italic" font-family="Georgia, 'Times New Roman', serif" text-anchor="middle" fill="url(#slot-red)" stroke="#ffd166" stroke-width="4" paint-order="stroke">7</text>
    </symbol>
    <symbol id="slot-scatter" viewBox="0 0 100 100">
      <circle cx="50" cy="50" r="42" fill="url(#slot-gold)" stroke="#5a3300" stroke-width="3" />
      <circle cx="50" cy="50" r="30" fill="none" stroke="#fffbe0" stroke-width="3" stroke-dasharray="6 5" />
      <text x="50" y="58" font-size="17" font-weight="900" font-family="system-ui, sans-serif" text-anchor="middle" fill="#7a1020" stroke="#fff3c4" stroke-width="3" paint-order="stroke">FREE</text>
    </symbol>
    <symbol id="slot-wild" viewBox="0 0 100 100">
      <polygon points="50,4 61.8,33.8 93.7,35.8 69,56.2 77,87.2 50,70 23,87.2 31,56.2 6.3,35.8 38.2,33.8" fill="url(#slot-wild-fill)" stroke="#fff" stroke-width="3" stroke-linejoin="round" />
      <text x="50" y="59" font-size="19" font-weight="900" font-family="system-ui, sans-serif" text-anchor="middle" fill="#fff" stroke="#2a0a4a" stroke-width="4" paint-order="stroke">WILD</text>
    </symbol>
  </svg>`;

/** One cell's drawing: a `<use>` of the symbol, changed by its href. */
const CELL = '<span class="slot-cell" role="img"><svg viewBox="0 0 100 100" aria-hidden="true" focusable="false"><use href="#slot-nine" /></svg></span>';

export const screen: Screen = (root, studio) => {
  const { t } = studio;
  const variant = String(studio.game.config.variant ?? 'classic');
  const ways = variant.startsWith('megaways');
  const REELS = ways ? 6 : 5;
  const reelMarkup = `<div class="slot-reel">${CELL.repeat(ROWS)}</div>`.repeat(REELS);
  const linesMarkup =
    '<li><svg viewBox="0 0 50 30" aria-hidden="true" focusable="false"><rect x="0.5" y="0.5" width="49" height="29" rx="3" /><polyline /></svg><span></span></li>'.repeat(
      LINES.length,
    );
  root.innerHTML = `
    <div class="slot"${ways ? ' data-ways' : ''}>
      ${ART}
      <div class="slot-body">
        <div class="slot-window" role="group">
          ${reelMarkup}
          <svg class="slot-paylines" viewBox="0 0 500 300" preserveAspectRatio="none" aria-hidden="true" focusable="false"></svg>
        </div>
        <div class="slot-side">
          <h2 class="slot-wins-title"></h2>
          <ul class="slot-wins" aria-live="polite"></ul>
          <details class="slot-help">
            <summary></summary>
            <div class="slot-help-body">
              <p class="slot-help-rules"></p>
              <p class="slot-help-variant"></p>
              <p class="slot-help-order-title"></p>
              <ol class="slot-order"></ol>
              <p class="slot-help-lines-title"></p>
              <ol class="slot-line-shapes">${linesMarkup}</ol>
            </div>
          </details>
        </div>
      </div>
    </div>`;
  const q = finder(root);
  // Set through the CSSOM: the page's content security policy allows no inline style attribute.
  q<HTMLElement>('.slot').style.setProperty('--reels', String(REELS));
  const windowEl = q<HTMLElement>('.slot-window');
  windowEl.setAttribute('aria-label', t('slot_reels'));
  const reels = [...root.querySelectorAll<HTMLElement>('.slot-reel')];
  const cells = reels.map((reel) => [...reel.querySelectorAll<HTMLElement>('.slot-cell')]);
  const paylines = q<SVGSVGElement>('.slot-paylines');
  const winsEl = q<HTMLUListElement>('.slot-wins');
  const winsTitle = q('.slot-wins-title');
  winsTitle.textContent = t(ways ? 'slot_wins' : 'slot_line_wins');
  q('.slot-help summary').textContent = t('slot_how_it_pays');
  q('.slot-help-rules').textContent = t('slot_help');
  const variantHelp: Record<string, string[]> = {
    classic: ['slot_variant_classic'],
    volatile: ['slot_variant_volatile'],
    freespins: ['slot_variant_freespins'],
    megaways: ['slot_variant_megaways'],
    'classic-jackpot': ['slot_variant_classic', 'slot_variant_jackpot'],
    'megaways-jackpot': ['slot_variant_megaways', 'slot_variant_jackpot'],
  };
  q('.slot-help-variant').textContent = (variantHelp[variant] ?? ['slot_variant_classic']).map((key) => t(key)).join(' ');
  // Megaways has no lines to draw.
  if (ways) for (const el of root.querySelectorAll<HTMLElement>('.slot-help-lines-title, .slot-line-shapes, .slot-paylines')) el.hidden = true;
  q('.slot-help-order-title').textContent = t('slot_symbol_order');
  q('.slot-help-lines-title').textContent = t('slot_lines');

  const symbolName = (symbol: SlotSymbol) => t(`slot_symbol_${symbol}`);
  const show = (cell: HTMLElement, symbol: SlotSymbol) => {
    cell.querySelector('use')?.setAttribute('href', `#slot-${symbol}`);
    cell.setAttribute('aria-label', symbolName(symbol));
    cell.dataset.symbol = symbol;
  };
  // Only the symbols this model has: a scatter on the free-spins model, no scatter elsewhere.
  const symbols = SYMBOLS.filter((symbol) => symbol !== 'scatter' || variant === 'freespins');
  const randomSymbol = () => symbols[Math.floor(Math.random() * symbols.length)]!;

  // The help: symbols from the lowest pay to the highest, and the shape of each line.
  const order = q<HTMLOListElement>('.slot-order');
  for (const symbol of symbols) {
    const li = document.createElement('li');
    li.innerHTML = CELL;
    const cell = li.firstElementChild as HTMLElement;
    show(cell, symbol);
    order.append(li);
  }
  root.querySelectorAll('.slot-line-shapes li').forEach((li, line) => {
    const rows = LINES[line]!;
    li.querySelector('polyline')?.setAttribute('points', rows.map((row, reel) => `${5 + reel * 10},${5 + row * 10}`).join(' '));
    const label = li.querySelector('span');
    if (label) label.textContent = String(line + 1);
    li.setAttribute('aria-label', t('slot_line', line + 1));
  });

  // A first screen that is not empty: the middle line shows a bit of everything.
  const idle: SlotSymbol[][] = [
    ['king', 'seven', 'nine'],
    ['ace', 'bell', 'ten'],
    ['queen', 'wild', 'jack'],
    ['jack', 'bell', 'ace'],
    ['ten', 'seven', 'king'],
    ...(ways ? [['nine', 'seven', 'queen', 'ace'] as SlotSymbol[]] : []),
  ];
  let shown = idle;
  const intro = document.createElement('li');
  intro.className = 'slot-no-win';
  intro.textContent = t('slot_intro');
  winsEl.append(intro);
  /** Shows a reel's symbols, with as many cells as it has (megaways' reels change height every spin). */
  const showReel = (r: number, shownSymbols: readonly SlotSymbol[]) => {
    const reel = reels[r]!;
    while (cells[r]!.length < shownSymbols.length) {
      reel.insertAdjacentHTML('beforeend', CELL);
      cells[r]!.push(reel.lastElementChild as HTMLElement);
    }
    while (cells[r]!.length > shownSymbols.length) cells[r]!.pop()?.remove();
    for (const [row, symbol] of shownSymbols.entries()) show(cells[r]![row]!, symbol);
  };
  for (const [r, reel] of idle.entries()) showReel(r, reel);

  const clearWins = () => {
    for (const cell of cells.flat()) {
      delete cell.dataset.win;
      cell.style.removeProperty('--line-colour');
    }
    paylines.replaceChildren();
    winsEl.replaceChildren();
    windowEl.removeAttribute('data-won');
  };

  /** A row of the wins list: a dot in the line's colour, what won, and how much. */
  const winRow = (text: string, pays: number, cents: number, colour?: string) => {
    const item = document.createElement('li');
    item.innerHTML = '<span class="slot-win-dot" aria-hidden="true"></span><span class="slot-win-text"></span><span class="slot-win-amount"></span>';
    if (colour) (item.firstElementChild as HTMLElement).style.setProperty('--line-colour', colour);
    (item.querySelector('.slot-win-text') as HTMLElement).textContent = text;
    (item.querySelector('.slot-win-amount') as HTMLElement).textContent = studio.money(Math.floor((cents * pays) / 10_000) / 100);
    winsEl.append(item);
  };

  const showWins = (view: Pick<SlotView, 'lines' | 'ways' | 'scatter' | 'reels'>, stake: number) => {
    const cents = Math.round(stake * 100);
    for (const win of view.ways ?? []) {
      for (const [r, reel] of cells.entries())
        if (r < win.count) for (const cell of reel) if (cell.dataset.symbol === win.symbol || cell.dataset.symbol === 'wild') cell.dataset.win = 'true';
      winRow(t('slot_ways_win', symbolName(win.symbol), win.count, win.ways), win.pays, cents);
    }
    if (view.scatter) {
      for (const cell of cells.flat()) if (cell.dataset.symbol === 'scatter') cell.dataset.win = 'true';
      winRow(t('slot_scatter_win', view.scatter.count), view.scatter.pays, cents);
    }
    for (const win of view.lines) {
      const rows = LINES[win.line]!;
      const colour = LINE_COLOURS[win.line % LINE_COLOURS.length]!;
      for (let reel = 0; reel < win.count; reel++) {
        const cell = cells[reel]![rows[reel]!]!;
        cell.dataset.win = 'true';
        // A cell on several lines keeps the first line's colour.
        if (!cell.style.getPropertyValue('--line-colour')) cell.style.setProperty('--line-colour', colour);
      }
      const line = document.createElementNS('http://www.w3.org/2000/svg', 'polyline');
      line.setAttribute('points', rows.map((row, reel) => `${50 + reel * 100},${50 + row * 100}`).join(' '));
      line.setAttribute('stroke', colour);
      line.setAttribute('vector-effect', 'non-scaling-stroke');
      paylines.append(line);

      winRow(t('slot_line_win', win.line + 1, win.count, symbolName(win.symbol)), win.pays, cents, colour);
    }
    if (winsEl.childElementCount > 0) windowEl.dataset.won = 'true';
    else {
      const item = document.createElement('li');
      item.className = 'slot-no-win';
      item.textContent = t('slot_no_lines');
      winsEl.append(item);
    }
  };

  let spinning = false;
  // The bonus buy is priced in bets: the round's stake is the price, and its pays are shares of it.
  const price = buysBonus(variant) ? FREESPINS.buyPrice : 0;
  const setActions = () => {
    const actions: Action[] = [{ label: t('spin'), run: () => void spin(false), primary: true, disabled: spinning }];
    if (price > 0) {
      const cost = Math.round(studio.stake() * price * 100) / 100;
      actions.push({
        label: t('slot_buy', studio.money(cost)),
        run: () => {
          if (cost > studio.maxStake) studio.say(t('slot_buy_too_big'), 'error');
          else void spin(true);
        },
        primary: false,
        disabled: spinning,
      });
    }
    studio.setActions(actions);
  };
  // The buy's price follows the bet the player picks.
  document.getElementById('stake')?.addEventListener('change', () => setActions());
  for (const id of ['stake-down', 'stake-up']) document.getElementById(id)?.addEventListener('click', () => setActions());

  /** Spins every reel for the eye until `target` is known, then stops them left to right. */
  const roll = async (pending: Promise<SlotSymbol[][] | null>): Promise<SlotSymbol[][] | null> => {
    const started = performance.now();
    let blur: ReturnType<typeof setInterval> | undefined;
    const moving = new Set<number>();
    if (!studio.calm) {
      for (let r = 0; r < REELS; r++) {
        moving.add(r);
        reels[r]!.dataset.spinning = 'true';
      }
      blur = setInterval(() => {
        for (const r of moving) for (const cell of cells[r]!) show(cell, randomSymbol());
      }, 70);
    }
    const found = await pending;
    const target = found && found.length > 0 ? found : shown;
    for (let r = 0; r < REELS; r++) {
      if (!studio.calm) {
        await sleep(Math.max(0, started + SPIN_MIN_MS + r * REEL_GAP_MS - performance.now()));
        moving.delete(r);
        delete reels[r]!.dataset.spinning;
      }
      showReel(r, target[r]!);
      if (!studio.calm)
        reels[r]!.animate([{ transform: 'translateY(-8%)' }, { transform: 'translateY(0)' }], { duration: 180, easing: 'cubic-bezier(.3,1.5,.6,1)' });
    }
    clearInterval(blur);
    shown = target;
    return found;
  };

  const spin = async (buy: boolean) => {
    if (spinning) return;
    spinning = true;
    setActions();
    clearWins();
    winsTitle.textContent = t(ways ? 'slot_wins' : 'slot_line_wins');
    let round: Awaited<ReturnType<typeof studio.start>> = null;
    const started = buy ? studio.start({ buy: true }, Math.round(studio.stake() * price * 100) / 100) : studio.start({});
    // A bought round has no base spin: the reels keep what they show until the free spins.
    if (buy) round = await started;
    else
      await roll(
        started.then((r) => {
          round = r;
          return r ? (r.view as SlotView).reels : null;
        }),
      );
    if (round) {
      const view = round.view as SlotView;
      if (!buy) showWins(view, round.stake);
      const free = view.free ?? [];
      if (free.length > 0) {
        studio.say(t('slot_free_spins_won', free.length), 'win');
        if (!buy) await sleep(studio.calm ? 0 : FREE_SPIN_MS);
        for (const [i, spinView] of free.entries()) {
          clearWins();
          winsTitle.textContent = t('slot_free_spin', i + 1, free.length);
          root.querySelector('.slot')?.setAttribute('data-free', String(i + 1));
          await roll(Promise.resolve(spinView.reels));
          showWins(spinView, round.stake);
          await sleep(studio.calm ? 0 : FREE_SPIN_MS);
        }
        root.querySelector('.slot')?.removeAttribute('data-free');
      }
      studio.finish(round);
      if (view.jackpotWon) studio.say(t('slot_jackpot_won', studio.money(view.jackpotWon)), 'win');
    }
    spinning = false;
    setActions();
  };
  setActions();
};
