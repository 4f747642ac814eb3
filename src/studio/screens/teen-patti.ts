// Teen patti against the house: Deal puts up the ante and deals three cards each (the
// dealer's face down); Play (one more ante) or Fold. The dealer's cards turn, and the
// ante, the play and the ante bonus are paid by the table under Rules. A hand left open
// comes back to be decided.
import type { TeenPattiView } from '../../shared/game-views.ts';
import { TEEN_PATTI_ANTE_BONUS } from '../../shared/house-tables.ts';
import type { StudioRound } from '../../shared/schemas/games.ts';
import type { Screen } from '../studio.ts';
import { cardsText, createHand } from './cards.ts';
import { showRules } from './house.ts';

export const screen: Screen = (root, studio) => {
  const { t } = studio;
  root.innerHTML = `
    <div class="house tp cards-table">
      <div class="tp-seat" role="group" aria-labelledby="tp-dealer-name"><p class="card-seat"><span id="tp-dealer-name"></span> <span class="tp-hand" data-who="dealer"></span></p><div class="tp-cards" data-who="dealer"></div></div>
      <p class="card-outcome" aria-live="polite"></p>
      <div class="tp-seat" role="group" aria-labelledby="tp-player-name"><p class="card-seat"><span id="tp-player-name"></span> <span class="tp-hand" data-who="player"></span></p><div class="tp-cards" data-who="player"></div></div>
      <p class="card-rule"></p>
      <details class="card-rules"></details>
      <p class="visually-hidden" aria-live="polite"></p>
    </div>`;
  const q = <T extends Element>(sel: string) => root.querySelector(sel) as T;
  q('#tp-dealer-name').textContent = t('card_dealer');
  q('#tp-player-name').textContent = t('card_you');
  q('.card-rule').textContent = t('tp_rules');
  const outcome = q<HTMLElement>('.card-outcome');
  const spoken = q<HTMLElement>('p.visually-hidden');
  const dealer = createHand(q('.tp-cards[data-who=dealer]'), t, studio.calm);
  const player = createHand(q('.tp-cards[data-who=player]'), t, studio.calm);
  const handName = (who: 'dealer' | 'player', hand: string | null) => {
    q(`.tp-hand[data-who=${who}]`).textContent = hand ? t(`tp_hand_${hand}`) : '';
  };
  showRules(q('.card-rules'), studio, [
    t('tp_rule_play'),
    t('tp_rule_ranks'),
    t('tp_rule_qualify'),
    t('tp_rule_bonus', TEEN_PATTI_ANTE_BONUS.trail ?? 0, TEEN_PATTI_ANTE_BONUS.pure_sequence ?? 0, TEEN_PATTI_ANTE_BONUS.sequence ?? 0),
    t('tp_rule_rtp', studio.percent(studio.game.rtp)),
    ...(studio.abandonedAfter ? [t('tp_abandoned', studio.abandonedAfter)] : []),
  ]);

  let round: StudioRound | null = null;
  let busy = false;
  const idle = () => studio.setActions([{ label: t('deal'), run: () => void deal(), primary: true, disabled: busy }]);
  const deciding = () =>
    studio.setActions([
      { label: t('tp_play', studio.money(round?.stakes[0] ?? studio.stake())), run: () => void decide('play'), primary: true, disabled: busy },
      { label: t('tp_fold'), run: () => void decide('fold'), disabled: busy },
    ]);

  const show = async (next: StudioRound) => {
    round = next;
    const view = next.view as TeenPattiView;
    await player.show(view.player);
    await dealer.show(view.dealer);
    handName('player', view.playerHand);
    handName('dealer', view.dealerHand);
    if (!next.done) {
      outcome.textContent = t('tp_prompt');
      spoken.textContent = t('poker_dealt', cardsText(t, view.player));
      deciding();
      return;
    }
    outcome.textContent =
      view.stage === 'folded' ? t('tp_outcome_fold') : view.dealerQualifies === false ? t('tp_outcome_no_qualify') : t(`tp_outcome_${view.winner ?? 'dealer'}`);
    spoken.textContent = `${cardsText(
      t,
      view.dealer.map((c) => c ?? null),
    )}. ${outcome.textContent}`;
    studio.finish(next);
    idle();
  };

  const deal = async () => {
    if (busy) return;
    busy = true;
    idle();
    outcome.textContent = '';
    handName('player', null);
    handName('dealer', null);
    dealer.clear();
    player.clear();
    const next = await studio.start({});
    busy = false;
    if (next) await show(next);
    else idle();
  };
  const decide = async (move: 'play' | 'fold') => {
    if (busy || !round || round.done) return;
    busy = true;
    const open = round;
    deciding();
    const next = await studio.act(open, { move });
    busy = false;
    if (next) await show(next);
    else deciding();
  };

  const open = studio.openRound;
  if (open && !open.done) {
    studio.say(t('card_resumed'));
    void show(open);
  } else {
    void dealer.show([null, null, null]);
    void player.show([null, null, null]);
    idle();
  }
};
