// Hi-lo: Bet turns the first card; guess whether the next is higher or lower (the same
// rank wins both ways; the ↑ and ↓ keys guess too), skip it, or cash out. Each choice
// shows its chance and the multiplier a right guess makes. A round left open comes back.
import type { HiloGuess, HiloView } from '../../shared/game-views.ts';
import type { StudioRound } from '../../shared/schemas/games.ts';
import type { Screen } from '../studio.ts';
import { type Card, cardName, createHand, type Hand } from './cards.ts';
import { showRules, times } from './house.ts';

export const screen: Screen = (root, studio) => {
  const { t } = studio;
  root.innerHTML = `
    <div class="house hilo cards-table">
      <div class="hilo-card"></div>
      <dl class="house-odds"><div><dt class="hilo-now-label"></dt><dd class="hilo-now">–</dd></div></dl>
      <ol class="hilo-trail" aria-labelledby="hilo-trail-title"></ol>
      <h2 id="hilo-trail-title" class="visually-hidden"></h2>
      <p class="card-outcome" aria-live="polite"></p>
      <p class="card-rule key-hint"></p>
      <details class="card-rules"></details>
    </div>`;
  const q = <T extends Element>(sel: string) => root.querySelector(sel) as T;
  q('.hilo-now-label').textContent = t('cashout_now');
  q('#hilo-trail-title').textContent = t('hilo_trail');
  q('.key-hint').textContent = t('hilo_keys');
  const nowEl = q<HTMLElement>('.hilo-now');
  const outcome = q<HTMLElement>('.card-outcome');
  const trail = q<HTMLOListElement>('.hilo-trail');
  const hand: Hand = createHand(q('.hilo-card'), t, studio.calm);
  showRules(q('.card-rules'), studio, [
    t('hilo_rule_play'),
    t('hilo_rule_pays', studio.percent(studio.game.rtp)),
    t('cashout_rule_max', new Intl.NumberFormat(document.documentElement.lang || 'en').format(Number(studio.game.config.maxMultiple ?? 10_000))),
    ...(studio.abandonedAfter ? [t('cashout_abandoned', studio.abandonedAfter)] : []),
  ]);
  const percent = new Intl.NumberFormat(document.documentElement.lang || 'en', { style: 'percent', maximumFractionDigits: 1 });

  let round: StudioRound | null = null;
  let busy = false;

  const paintTrail = (view: HiloView) => {
    trail.replaceChildren(
      ...view.cards.slice(0, -1).map((card, i) => {
        const li = document.createElement('li');
        li.textContent = `${cardName(t, card as Card)} · ${t(`hilo_move_${view.moves[i]}`)}`;
        return li;
      }),
    );
  };

  const idle = () => studio.setActions([{ label: t('bet'), run: () => void bet(), primary: true, disabled: busy }]);
  const playing = (view: HiloView) => {
    const guess = (g: HiloGuess) => {
      const option = view.options.find((o) => o.guess === g);
      return {
        label: option ? t(`hilo_${g}`, percent.format(option.ranks / 13), times(option.multiplier)) : t(`hilo_${g}_plain`),
        run: () => void move(g),
        primary: g === 'higher' ? (option?.ranks ?? 0) >= 7 : (option?.ranks ?? 0) > 7,
        disabled: busy || !option?.allowed,
      };
    };
    const guessed = view.moves.some((m) => m !== 'skip');
    studio.setActions([
      guess('higher'),
      guess('lower'),
      { label: t('hilo_skip'), run: () => void move('skip'), disabled: busy || !round?.actions.includes('skip') },
      { label: guessed ? t('cashout_for', times(view.multiplier)) : t('cashout'), run: () => void move('cashout'), disabled: busy || !guessed },
    ]);
  };

  const show = async (next: StudioRound) => {
    round = next;
    const view = next.view as HiloView;
    await hand.show([view.cards.at(-1) ?? null]);
    paintTrail(view);
    const guessed = view.moves.some((m) => m !== 'skip');
    nowEl.textContent = guessed ? times(view.multiplier) : '–';
    if (!next.done) {
      outcome.textContent = t('hilo_showing', cardName(t, view.cards.at(-1) ?? null));
      playing(view);
      return;
    }
    outcome.textContent = view.end === 'lost' ? t('hilo_wrong', cardName(t, view.cards.at(-1) ?? null)) : t('cashout_done', times(view.multiplier));
    studio.finish(next);
    idle();
  };

  const bet = async () => {
    if (busy) return;
    busy = true;
    idle();
    const next = await studio.start({});
    busy = false;
    if (next) await show(next);
    else idle();
  };

  const move = async (m: HiloGuess | 'skip' | 'cashout') => {
    if (busy || !round || round.done || !round.actions.includes(m)) return;
    busy = true;
    const open = round;
    playing(open.view as HiloView);
    const next = await studio.act(open, { move: m });
    busy = false;
    await show(next ?? open);
  };

  // ↑ and ↓ guess, unless a control has focus.
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    if (e.target instanceof HTMLElement && e.target.closest('select, input, textarea')) return;
    if (!round || round.done) return;
    e.preventDefault();
    void move(e.key === 'ArrowUp' ? 'higher' : 'lower');
  });

  const open = studio.openRound;
  if (open && !open.done) {
    studio.say(t('card_resumed'));
    void show(open);
  } else {
    void hand.show([null]);
    idle();
  }
};
