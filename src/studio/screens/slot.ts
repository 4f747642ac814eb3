// Slot: five reels, three rows, ten fixed lines. The server decides the spin; this screen
// spins the reels for the eye, stops them left to right and marks the lines that won.
import type { SlotView } from '../../server/games/engines/slot.ts';
import { SLOT_LINES as LINES, SLOT_SYMBOLS as SYMBOLS, type SlotSymbol } from '../../shared/game-tables.ts';
import type { Screen } from '../studio.ts';
import './slot.css';

const REELS = 5;
const ROWS = 3;
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
    <symbol id="slot-wild" viewBox="0 0 100 100">
      <polygon points="50,4 61.8,33.8 93.7,35.8 69,56.2 77,87.2 50,70 23,87.2 31,56.2 6.3,35.8 38.2,33.8" fill="url(#slot-wild-fill)" stroke="#fff" stroke-width="3" stroke-linejoin="round" />
      <text x="50" y="59" font-size="19" font-weight="900" font-family="system-ui, sans-serif" text-anchor="middle" fill="#fff" stroke="#2a0a4a" stroke-width="4" paint-order="stroke">WILD</text>
    </symbol>
  </svg>`;

/** One cell's drawing: a `<use>` of the symbol, changed by its href. */
const CELL = '<span class="slot-cell" role="img"><svg viewBox="0 0 100 100" aria-hidden="true" focusable="false"><use href="#slot-nine" /></svg></span>';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const screen: Screen = (root, studio) => {
  const { t } = studio;
  const reelMarkup = `<div class="slot-reel">${CELL.repeat(ROWS)}</div>`.repeat(REELS);
  const linesMarkup =
    '<li><svg viewBox="0 0 50 30" aria-hidden="true" focusable="false"><rect x="0.5" y="0.5" width="49" height="29" rx="3" /><polyline /></svg><span></span></li>'.repeat(
      LINES.length,
    );
  root.innerHTML = `
    <div class="slot">
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
  const q = <T extends Element>(sel: string) => root.querySelector(sel) as T;
  const windowEl = q<HTMLElement>('.slot-window');
  windowEl.setAttribute('aria-label', t('slot_reels'));
  const reels = [...root.querySelectorAll<HTMLElement>('.slot-reel')];
  const cells = reels.map((reel) => [...reel.querySelectorAll<HTMLElement>('.slot-cell')]);
  const paylines = q<SVGSVGElement>('.slot-paylines');
  const winsEl = q<HTMLUListElement>('.slot-wins');
  q('.slot-wins-title').textContent = t('slot_line_wins');
  q('.slot-help summary').textContent = t('slot_how_it_pays');
  q('.slot-help-rules').textContent = t('slot_help');
  q('.slot-help-variant').textContent = t(studio.game.config.variant === 'volatile' ? 'slot_variant_volatile' : 'slot_variant_classic');
  q('.slot-help-order-title').textContent = t('slot_symbol_order');
  q('.slot-help-lines-title').textContent = t('slot_lines');

  const symbolName = (symbol: SlotSymbol) => t(`slot_symbol_${symbol}`);
  const show = (cell: HTMLElement, symbol: SlotSymbol) => {
    cell.querySelector('use')?.setAttribute('href', `#slot-${symbol}`);
    cell.setAttribute('aria-label', symbolName(symbol));
    cell.dataset.symbol = symbol;
  };
  const randomSymbol = () => SYMBOLS[Math.floor(Math.random() * SYMBOLS.length)]!;

  // The help: symbols from the lowest pay to the highest, and the shape of each line.
  const order = q<HTMLOListElement>('.slot-order');
  for (const symbol of SYMBOLS) {
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
  ];
  let shown = idle;
  const intro = document.createElement('li');
  intro.className = 'slot-no-win';
  intro.textContent = t('slot_intro');
  winsEl.append(intro);
  /** Shows a reel's three symbols. */
  const showReel = (r: number, symbols: readonly SlotSymbol[]) => {
    for (const [row, symbol] of symbols.entries()) show(cells[r]![row]!, symbol);
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

  const showWins = (view: SlotView, stake: number) => {
    const cents = Math.round(stake * 100);
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

      const item = document.createElement('li');
      item.innerHTML = '<span class="slot-win-dot" aria-hidden="true"></span><span class="slot-win-text"></span><span class="slot-win-amount"></span>';
      (item.firstElementChild as HTMLElement).style.setProperty('--line-colour', colour);
      (item.querySelector('.slot-win-text') as HTMLElement).textContent = t('slot_line_win', win.line + 1, win.count, symbolName(win.symbol));
      (item.querySelector('.slot-win-amount') as HTMLElement).textContent = studio.money(Math.floor((cents * win.pays) / 10_000) / 100);
      winsEl.append(item);
    }
    if (view.lines.length > 0) windowEl.dataset.won = 'true';
    else {
      const item = document.createElement('li');
      item.className = 'slot-no-win';
      item.textContent = t('slot_no_lines');
      winsEl.append(item);
    }
  };

  let spinning = false;
  const setActions = () => studio.setActions([{ label: t('spin'), run: () => void spin(), primary: true, disabled: spinning }]);

  const spin = async () => {
    if (spinning) return;
    spinning = true;
    setActions();
    clearWins();
    const started = performance.now();
    // The reels start at once; the server's answer decides where they stop.
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
    const round = await studio.start({});
    const target = round ? (round.view as SlotView).reels : shown;
    for (let r = 0; r < REELS; r++) {
      if (!studio.calm) {
        await wait(Math.max(0, started + SPIN_MIN_MS + r * REEL_GAP_MS - performance.now()));
        moving.delete(r);
        delete reels[r]!.dataset.spinning;
      }
      showReel(r, target[r]!);
      if (!studio.calm)
        reels[r]!.animate([{ transform: 'translateY(-8%)' }, { transform: 'translateY(0)' }], { duration: 180, easing: 'cubic-bezier(.3,1.5,.6,1)' });
    }
    clearInterval(blur);
    shown = target;
    if (round) {
      showWins(round.view as SlotView, round.stake);
      studio.finish(round);
    }
    spinning = false;
    setActions();
  };
  setActions();
};
