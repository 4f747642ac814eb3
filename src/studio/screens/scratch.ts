// Scratch card: the server settles the card when it is bought; scratching the nine cells
// only shows it. Cells come off by click, tap, a swipe across the card or the keyboard.
import { finder, sleep } from '../dom.ts';
import type { ScratchView } from '../../shared/game-views.ts';
import type { Screen } from '../studio.ts';
import './scratch.css';

/** The symbols from the smallest prize to the biggest, as the engine's prize table orders them. */
const SYMBOLS = ['cherry', 'lemon', 'orange', 'plum', 'bell', 'clover', 'diamond', 'crown'] as const;
const CELLS = 9;
const REVEAL_GAP_MS = 90;

/** The symbols' drawings, one `<symbol>` each (static markup). */
const ART = `
  <svg class="scratch-art" aria-hidden="true" focusable="false" width="0" height="0">
    <defs>
      <radialGradient id="scratch-fill-red" cx="0.35" cy="0.35" r="0.7"><stop offset="0" stop-color="#ff8a8a" /><stop offset="1" stop-color="#b3001b" /></radialGradient>
      <radialGradient id="scratch-fill-yellow" cx="0.35" cy="0.35" r="0.7"><stop offset="0" stop-color="#fffbb0" /><stop offset="1" stop-color="#f2c200" /></radialGradient>
      <radialGradient id="scratch-fill-orange" cx="0.35" cy="0.35" r="0.7"><stop offset="0" stop-color="#ffd08a" /><stop offset="1" stop-color="#f06a00" /></radialGradient>
      <radialGradient id="scratch-fill-plum" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="#d7a0ff" /><stop offset="1" stop-color="#5a168f" /></radialGradient>
      <linearGradient id="scratch-fill-gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff2a8" /><stop offset="0.55" stop-color="#f5b700" /><stop offset="1" stop-color="#b36b00" /></linearGradient>
      <linearGradient id="scratch-fill-green" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7ee08a" /><stop offset="1" stop-color="#13853a" /></linearGradient>
      <linearGradient id="scratch-fill-gem" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e6fdff" /><stop offset="0.5" stop-color="#5fd6f5" /><stop offset="1" stop-color="#1479c7" /></linearGradient>
    </defs>
    <symbol id="scratch-cherry" viewBox="0 0 100 100">
      <path d="M52 12c-6 18-16 32-20 48M52 12c4 18 12 32 18 50" fill="none" stroke="#2f7d32" stroke-width="4" stroke-linecap="round" />
      <path d="M52 13c10-6 22-5 28 2-10 6-21 5-28-2z" fill="#43a047" />
      <circle cx="31" cy="68" r="17" fill="url(#scratch-fill-red)" stroke="#5c0010" stroke-width="2" />
      <circle cx="70" cy="70" r="17" fill="url(#scratch-fill-red)" stroke="#5c0010" stroke-width="2" />
    </symbol>
    <symbol id="scratch-lemon" viewBox="0 0 100 100">
      <path d="M12 52c4-18 22-30 40-30s34 12 38 28c-4 18-22 30-40 30S16 68 12 52z" fill="url(#scratch-fill-yellow)" stroke="#8a6d00" stroke-width="2.5" transform="rotate(-18 50 50)" />
      <path d="M34 40c6-6 14-8 22-7" fill="none" stroke="#fffde7" stroke-width="4" stroke-linecap="round" />
    </symbol>
    <symbol id="scratch-orange" viewBox="0 0 100 100">
      <circle cx="50" cy="56" r="33" fill="url(#scratch-fill-orange)" stroke="#8a3b00" stroke-width="2.5" />
      <path d="M50 24c2-8 10-13 20-12-3 9-11 13-20 12z" fill="#43a047" />
      <circle cx="50" cy="26" r="3" fill="#5d3a00" />
    </symbol>
    <symbol id="scratch-plum" viewBox="0 0 100 100">
      <ellipse cx="50" cy="56" rx="29" ry="34" fill="url(#scratch-fill-plum)" stroke="#2e0a4a" stroke-width="2.5" />
      <path d="M50 24c-3 14-3 40 0 64" fill="none" stroke="#3d0f61" stroke-width="2" opacity="0.6" />
      <path d="M50 23c1-6 4-10 8-12" fill="none" stroke="#5d3a00" stroke-width="4" stroke-linecap="round" />
    </symbol>
    <symbol id="scratch-bell" viewBox="0 0 100 100">
      <path d="M50 10c-4 0-6 3-6 6C30 19 23 31 23 46v16l-9 11h72l-9-11V46c0-15-7-27-21-30 0-3-2-6-6-6z" fill="url(#scratch-fill-gold)" stroke="#5a3300" stroke-width="3" stroke-linejoin="round" />
      <circle cx="50" cy="82" r="8" fill="url(#scratch-fill-gold)" stroke="#5a3300" stroke-width="3" />
    </symbol>
    <symbol id="scratch-clover" viewBox="0 0 100 100">
      <path d="M50 52c6 14 8 26 4 38" fill="none" stroke="#13853a" stroke-width="5" stroke-linecap="round" />
      <circle cx="36" cy="36" r="15" fill="url(#scratch-fill-green)" stroke="#0b4d22" stroke-width="2" />
      <circle cx="64" cy="36" r="15" fill="url(#scratch-fill-green)" stroke="#0b4d22" stroke-width="2" />
      <circle cx="36" cy="62" r="15" fill="url(#scratch-fill-green)" stroke="#0b4d22" stroke-width="2" />
      <circle cx="64" cy="62" r="15" fill="url(#scratch-fill-green)" stroke="#0b4d22" stroke-width="2" />
      <circle cx="50" cy="49" r="6" fill="#7ee08a" />
    </symbol>
    <symbol id="scratch-diamond" viewBox="0 0 100 100">
      <polygon points="22,36 36,16 64,16 78,36 50,88" fill="url(#scratch-fill-gem)" stroke="#0a3d66" stroke-width="2.5" stroke-linejoin="round" />
      <path d="M22 36h56M36 16l-2 20 16 52 16-52-2-20M34 36l16-20 16 20" fill="none" stroke="#0a3d66" stroke-width="1.5" opacity="0.7" />
    </symbol>
    <symbol id="scratch-crown" viewBox="0 0 100 100">
      <polygon points="14,74 10,30 32,50 50,18 68,50 90,30 86,74" fill="url(#scratch-fill-gold)" stroke="#5a3300" stroke-width="3" stroke-linejoin="round" />
      <rect x="14" y="74" width="72" height="12" rx="3" fill="url(#scratch-fill-gold)" stroke="#5a3300" stroke-width="3" />
      <circle cx="50" cy="60" r="6" fill="#e0115f" stroke="#5a0025" stroke-width="1.5" />
      <circle cx="30" cy="64" r="4" fill="#1e88e5" />
      <circle cx="70" cy="64" r="4" fill="#1e88e5" />
    </symbol>
  </svg>`;

const CELL = `<button type="button" class="scratch-cell" disabled><svg class="scratch-symbol" viewBox="0 0 100 100" aria-hidden="true" focusable="false"><use /></svg><span class="scratch-cover" aria-hidden="true"></span></button>`;

export const screen: Screen = (root, studio) => {
  const { t } = studio;
  const legend = '<li><svg viewBox="0 0 100 100" aria-hidden="true" focusable="false"><use /></svg><span></span></li>'.repeat(SYMBOLS.length);
  root.innerHTML = `
    <div class="scratch">
      ${ART}
     <div class="scratch-body">
      <div class="scratch-card" role="group">${CELL.repeat(CELLS)}</div>
      <div class="scratch-side">
        <p class="scratch-status" aria-live="polite"></p>
        <p class="scratch-help"></p>
        <p class="scratch-legend-title"></p>
        <ol class="scratch-legend">${legend}</ol>
      </div>
     </div>
    </div>`;
  const q = finder(root);
  const card = q<HTMLElement>('.scratch-card');
  const status = q<HTMLElement>('.scratch-status');
  const cells = [...root.querySelectorAll<HTMLButtonElement>('.scratch-cell')];
  card.setAttribute('aria-label', t('scratch_card'));
  q('.scratch-help').textContent = t('scratch_help');
  q('.scratch-legend-title').textContent = t('scratch_legend');
  const symbolName = (symbol: string) => t(`scratch_symbol_${symbol}`);
  root.querySelectorAll('.scratch-legend li').forEach((li, i) => {
    const symbol = SYMBOLS[i]!;
    li.querySelector('use')?.setAttribute('href', `#scratch-${symbol}`);
    const name = li.querySelector('span');
    if (name) name.textContent = symbolName(symbol);
  });

  type State = 'idle' | 'scratching' | 'done';
  let state: State = 'idle';
  let round: Awaited<ReturnType<typeof studio.start>> = null;
  let revealed = new Set<number>();

  const label = (i: number) => {
    const cell = cells[i]!;
    const symbol = cell.dataset.symbol;
    cell.setAttribute('aria-label', revealed.has(i) && symbol ? symbolName(symbol) : t('scratch_cell', i + 1));
  };
  cells.forEach((_, i) => {
    label(i);
  });
  status.textContent = t('scratch_buy_first');

  const setActions = () => {
    if (state === 'scratching') studio.setActions([{ label: t('scratch_reveal_all'), run: () => void revealAll(), primary: true }]);
    else studio.setActions([{ label: t('scratch_buy'), run: () => void buy(), primary: true }]);
  };

  const finish = () => {
    if (!round || state !== 'scratching') return;
    state = 'done';
    const view = round.view as ScratchView;
    for (const cell of cells) {
      cell.disabled = true;
      cell.removeAttribute('aria-disabled');
      if (view.symbol && cell.dataset.symbol === view.symbol) cell.dataset.win = 'true';
    }
    card.dataset.state = 'done';
    status.textContent = view.symbol ? t('scratch_three', symbolName(view.symbol)) : t('scratch_no_three');
    studio.finish(round);
    setActions();
  };

  const reveal = (i: number) => {
    if (state !== 'scratching' || revealed.has(i)) return;
    revealed.add(i);
    const cell = cells[i]!;
    cell.dataset.revealed = 'true';
    cell.setAttribute('aria-disabled', 'true');
    label(i);
    if (revealed.size === CELLS) finish();
  };

  const revealAll = async () => {
    if (state !== 'scratching') return;
    for (let i = 0; i < CELLS; i++) {
      if (revealed.has(i)) continue;
      reveal(i);
      if (!studio.calm && state === 'scratching') await sleep(REVEAL_GAP_MS);
    }
  };

  const buy = async () => {
    if (state === 'scratching') return;
    const bought = await studio.start({});
    if (!bought) return;
    round = bought;
    const view = bought.view as ScratchView;
    revealed = new Set();
    state = 'scratching';
    card.dataset.state = 'scratching';
    status.textContent = t('scratch_go');
    // Covers back on at once (no wipe backwards that would show the new card), then the symbols.
    card.dataset.resetting = 'true';
    for (const cell of cells) {
      delete cell.dataset.revealed;
      delete cell.dataset.win;
    }
    void card.offsetWidth;
    delete card.dataset.resetting;
    cells.forEach((cell, i) => {
      const symbol = view.cells[i] ?? '';
      cell.dataset.symbol = symbol;
      cell.querySelector('.scratch-symbol use')?.setAttribute('href', `#scratch-${symbol}`);
      cell.disabled = false;
      cell.removeAttribute('aria-disabled');
      label(i);
    });
    setActions();
    cells[0]?.focus();
  };

  // Click and keyboard reveal one cell; a pointer held down scratches every cell it crosses.
  let scratching = false;
  cells.forEach((cell, i) => {
    cell.addEventListener('click', () => reveal(i));
    cell.addEventListener('pointerdown', (e) => {
      if (state !== 'scratching') return;
      scratching = true;
      // A touch captures the pointer to the first cell; let it go so the next cells see it pass.
      if (cell.hasPointerCapture(e.pointerId)) cell.releasePointerCapture(e.pointerId);
      reveal(i);
    });
    cell.addEventListener('pointerenter', () => {
      if (scratching) reveal(i);
    });
  });
  const stop = () => {
    scratching = false;
  };
  for (const type of ['pointerup', 'pointercancel']) window.addEventListener(type, stop);

  setActions();
};
