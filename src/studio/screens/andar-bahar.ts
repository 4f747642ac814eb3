// Andar bahar: pick andar or bahar, Deal; the joker turns, then cards fall to andar and
// bahar in turn until one matches the joker's rank. Each side says what it pays.
import type { AndarBaharView } from '../../shared/game-views.ts';
import { ANDAR_BAHAR_PAYS, ANDAR_BAHAR_RETURNS } from '../../shared/house-tables.ts';
import type { Screen } from '../studio.ts';
import { sleep } from '../dom.ts';
import { cardName, createHand } from './cards.ts';
import { showRules } from './house.ts';
import './baccarat.css';

type Side = 'andar' | 'bahar';
const SIDES: readonly Side[] = ['andar', 'bahar'];

export const screen: Screen = (root, studio) => {
  const { t } = studio;
  const ratio = new Intl.NumberFormat(document.documentElement.lang || 'en', { maximumFractionDigits: 2 });
  root.innerHTML = `
    <div class="house ab cards-table">
      <div class="ab-joker" role="group" aria-labelledby="ab-joker-name"><p class="card-seat" id="ab-joker-name"></p><div class="ab-joker-card"></div></div>
      ${SIDES.map((s) => `<div class="ab-row" data-side="${s}" role="group" aria-labelledby="ab-${s}-name"><p class="card-seat" id="ab-${s}-name"></p><div class="ab-cards"></div></div>`).join('')}
      <p class="card-outcome" aria-live="polite"></p>
      <div class="bac-bets" role="group" aria-labelledby="ab-bet-title">
        <p id="ab-bet-title" class="bac-bet-title"></p>
        ${SIDES.map((s) => `<button type="button" class="bac-bet" data-bet="${s}" aria-pressed="false"><span class="bac-bet-name"></span> <span class="bac-bet-pays"></span></button>`).join('')}
      </div>
      <details class="card-rules"></details>
    </div>`;
  const q = <T extends Element>(sel: string) => root.querySelector(sel) as T;
  q('#ab-joker-name').textContent = t('ab_joker');
  q('#ab-bet-title').textContent = t('baccarat_bet');
  const outcome = q<HTMLElement>('.card-outcome');
  const joker = createHand(q('.ab-joker-card'), t, studio.calm);
  const hands = Object.fromEntries(SIDES.map((s) => [s, createHand(q(`[data-side=${s}] .ab-cards`), t, studio.calm)])) as Record<
    Side,
    ReturnType<typeof createHand>
  >;
  const betButtons = [...root.querySelectorAll<HTMLButtonElement>('.bac-bet')];
  for (const s of SIDES) {
    q(`#ab-${s}-name`).textContent = t(`ab_${s}`);
    const b = q(`.bac-bet[data-bet=${s}]`);
    (b.querySelector('.bac-bet-name') as HTMLElement).textContent = t(`ab_${s}`);
    (b.querySelector('.bac-bet-pays') as HTMLElement).textContent = t('baccarat_pays', `${ratio.format(ANDAR_BAHAR_PAYS[s] / 10_000 - 1)}:1`);
  }
  showRules(q('.card-rules'), studio, [
    t('ab_rule_play'),
    t('ab_rule_pays', studio.percent(ANDAR_BAHAR_RETURNS.andar), studio.percent(ANDAR_BAHAR_RETURNS.bahar)),
  ]);

  let side: Side = 'andar';
  let busy = false;
  const paintBets = () => {
    for (const b of betButtons) {
      b.setAttribute('aria-pressed', String(b.dataset.bet === side));
      b.disabled = busy;
    }
  };
  for (const b of betButtons) {
    b.addEventListener('click', () => {
      if (busy) return;
      side = b.dataset.bet as Side;
      paintBets();
    });
  }
  paintBets();

  const idle = () => studio.setActions([{ label: t('deal'), run: () => void deal(), primary: true, disabled: busy }]);
  const deal = async () => {
    if (busy) return;
    busy = true;
    paintBets();
    idle();
    outcome.textContent = '';
    joker.clear();
    for (const s of SIDES) hands[s].clear();
    const round = await studio.start({ side });
    if (round) {
      const view = round.view as AndarBaharView;
      await joker.show([view.joker]);
      if (studio.calm) await Promise.all(SIDES.map((s) => hands[s].show(view[s])));
      else {
        // Card by card, andar first, as the dealer deals them.
        for (let i = 0; i < view.andar.length; i++) {
          await hands.andar.show(view.andar.slice(0, i + 1));
          if (view.bahar[i]) await hands.bahar.show(view.bahar.slice(0, i + 1));
          await sleep(40);
        }
      }
      const last = view[view.winner].at(-1) ?? null;
      outcome.textContent = t('ab_outcome', t(`ab_${view.winner}`), cardName(t, last), view.andar.length + view.bahar.length);
      studio.finish(round);
    }
    busy = false;
    paintBets();
    idle();
  };
  void joker.show([null]);
  idle();
};
