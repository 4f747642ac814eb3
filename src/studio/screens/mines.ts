// Mines: choose how many mines hide among the 25 cells, Bet, then open cells (a tap, or
// Tab and Enter) and cash out whenever you like; a mine ends the round. The multiplier
// now and after one more safe cell are shown beside the board. A round left open comes
// back as it stood.
import type { MinesView } from '../../shared/game-views.ts';
import { MINES_CELLS, MINES_MAX, MINES_MIN } from '../../shared/house-tables.ts';
import type { StudioRound } from '../../shared/schemas/games.ts';
import type { Screen } from '../studio.ts';
import { showRules, times } from './house.ts';

export const screen: Screen = (root, studio) => {
  const { t } = studio;
  const cells = Array.from({ length: MINES_CELLS }, (_, i) => `<button type="button" class="mines-cell" data-cell="${i}" disabled></button>`).join('');
  const counts = Array.from({ length: MINES_MAX - MINES_MIN + 1 }, (_, i) => `<option value="${i + MINES_MIN}">${i + MINES_MIN}</option>`).join('');
  root.innerHTML = `
    <div class="house mines">
      <div class="house-choice">
        <label for="mines-count"></label>
        <select id="mines-count">${counts}</select>
      </div>
      <dl class="house-odds"><div><dt class="mines-now-label"></dt><dd class="mines-now">–</dd></div><div><dt class="mines-next-label"></dt><dd class="mines-next">–</dd></div></dl>
      <div class="mines-board" role="group" aria-labelledby="mines-board-title">
        <h2 id="mines-board-title" class="visually-hidden"></h2>
        ${cells}
      </div>
      <p class="card-outcome" aria-live="polite"></p>
      <details class="card-rules"></details>
    </div>`;
  const q = <T extends Element>(sel: string) => root.querySelector(sel) as T;
  const count = q<HTMLSelectElement>('#mines-count');
  count.value = '3';
  q('label[for=mines-count]').textContent = t('mines_count');
  q('#mines-board-title').textContent = t('mines_board');
  q('.mines-now-label').textContent = t('cashout_now');
  q('.mines-next-label').textContent = t('mines_next');
  const nowEl = q<HTMLElement>('.mines-now');
  const nextEl = q<HTMLElement>('.mines-next');
  const outcome = q<HTMLElement>('.card-outcome');
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('.mines-cell')];
  showRules(q('.card-rules'), studio, [
    t('mines_rule_play'),
    t('mines_rule_pays', studio.percent(studio.game.rtp)),
    t('cashout_rule_max', new Intl.NumberFormat(document.documentElement.lang || 'en').format(Number(studio.game.config.maxMultiple ?? 10_000))),
    ...(studio.abandonedAfter ? [t('cashout_abandoned', studio.abandonedAfter)] : []),
  ]);

  let round: StudioRound | null = null;
  let busy = false;

  const paint = (view: MinesView | null) => {
    const revealed = new Set(view?.revealed ?? []);
    const field = new Set(view?.field ?? []);
    const playing = round !== null && !round.done && !busy;
    buttons.forEach((b, i) => {
      const state = revealed.has(i) ? 'safe' : field.has(i) ? (view?.hit === i ? 'hit' : 'mine') : 'closed';
      b.dataset.state = state;
      b.disabled = !playing || state !== 'closed';
      b.textContent = state === 'safe' ? '◆' : state === 'mine' || state === 'hit' ? '✹' : '';
      b.setAttribute('aria-label', t(`mines_cell_${state}`, i + 1));
    });
    count.disabled = round !== null && !round.done;
    nowEl.textContent = view && view.revealed.length > 0 ? times(view.multiplier) : '–';
    nextEl.textContent = view?.next ? times(view.next) : '–';
  };

  const idle = () => studio.setActions([{ label: t('bet'), run: () => void bet(), primary: true, disabled: busy }]);
  const playing = (view: MinesView) =>
    studio.setActions([
      {
        label: view.revealed.length > 0 ? t('cashout_for', times(view.multiplier)) : t('cashout'),
        run: () => void move({ move: 'cashout' }),
        primary: true,
        disabled: busy || view.revealed.length === 0,
      },
    ]);

  const show = (next: StudioRound) => {
    round = next;
    const view = next.view as MinesView;
    paint(view);
    if (!next.done) {
      outcome.textContent = view.revealed.length === 0 ? t('mines_pick') : t('mines_safe', view.revealed.length);
      playing(view);
      return;
    }
    outcome.textContent = view.end === 'lost' ? t('mines_boom') : t('cashout_done', times(view.multiplier));
    studio.finish(next);
    idle();
  };

  const bet = async () => {
    if (busy) return;
    busy = true;
    idle();
    const next = await studio.start({ mines: Number(count.value) });
    busy = false;
    if (next) show(next);
    else idle();
  };

  const move = async (action: { move: 'reveal'; cell: number } | { move: 'cashout' }) => {
    if (busy || !round || round.done) return;
    busy = true;
    const open = round;
    paint(open.view as MinesView);
    playing(open.view as MinesView);
    const next = await studio.act(open, action);
    busy = false;
    show(next ?? open);
  };
  buttons.forEach((b, i) => {
    b.addEventListener('click', () => void move({ move: 'reveal', cell: i }));
  });

  const open = studio.openRound;
  if (open && !open.done) {
    studio.say(t('card_resumed'));
    count.value = String((open.view as MinesView).mines);
    show(open);
  } else {
    paint(null);
    idle();
  }
};
