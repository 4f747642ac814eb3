// Casino Hold'em: choose whether to add the AA Bonus, Deal, look at two cards and the
// flop, then Call (twice the ante) or Fold. The turn, the river and the dealer's cards
// follow; both best hands, whether the dealer qualifies, and what each bet (ante, call,
// AA Bonus) returned are shown. A hand left undecided last time is put back on the
// table; the rules and paytables are under Rules.
import { finder, sleep } from '../dom.ts';
import type { HoldemView } from '../../shared/game-views.ts';
import { AA_BONUS_PAYTABLE, HOLDEM_ANTE_PAYTABLE, HOLDEM_RETURNS } from '../../shared/game-tables.ts';
import type { StudioRound } from '../../shared/schemas/games.ts';
import type { Screen } from '../studio.ts';
import { cardsText, createHand } from './cards.ts';
import './holdem.css';

const ONE_X = 10_000;

export const screen: Screen = (root, studio) => {
  const { t, money } = studio;
  const seat = (name: 'dealer' | 'player') => `
      <div class="he-seat" data-seat="${name}" role="group" aria-labelledby="he-${name}-name">
        <p class="card-seat"><span id="he-${name}-name"></span></p>
        <div class="he-cards"></div>
        <p class="he-best"></p>
      </div>`;
  root.innerHTML = `
    <div class="he cards-table">
      ${seat('dealer')}
      <div class="he-board" role="group" aria-labelledby="he-board-name">
        <p class="card-seat"><span id="he-board-name"></span></p>
        <div class="he-cards"></div>
      </div>
      ${seat('player')}
      <div class="he-result">
        <p class="he-qualify"></p>
        <p class="card-outcome" aria-live="polite"></p>
        <ul class="he-bets" aria-live="polite"></ul>
      </div>
      <div class="he-options">
        <input type="checkbox" id="he-bonus" />
        <label for="he-bonus"></label>
      </div>
      <p class="card-rule"></p>
      <details class="card-rules">
        <summary></summary>
        <ul class="card-rules-list"></ul>
      </details>
      <p class="visually-hidden" aria-live="polite"></p>
    </div>`;
  const q = finder(root);
  q('#he-dealer-name').textContent = t('card_dealer');
  q('#he-player-name').textContent = t('card_you');
  q('#he-board-name').textContent = t('holdem_board');
  q('.card-rule').textContent = t('holdem_rules');
  q('label[for=he-bonus]').textContent = t('holdem_aa_bonus');
  q('.card-rules summary').textContent = t('rules');
  const bonusBox = q<HTMLInputElement>('#he-bonus');

  // The rules, the two paytables and the return, in words.
  const paytable = (rows: readonly (readonly [string, number])[]) => {
    const table = document.createElement('table');
    for (const [hand, pays] of rows) {
      const tr = table.insertRow();
      tr.insertCell().textContent =
        hand === 'straight_or_less' ? t('holdem_straight_or_less') : hand === 'pair_of_aces' ? t('holdem_pair_of_aces') : t(`hand_${hand}`);
      tr.insertCell().textContent = t('pays_to_one', pays);
    }
    return table;
  };
  const item = (text: string, extra?: Node) => {
    const li = document.createElement('li');
    li.textContent = text;
    if (extra) li.append(extra);
    return li;
  };
  const rules = [
    item(t('holdem_rule_play')),
    item(t('holdem_rule_qualify')),
    item(t('holdem_rule_ante_table'), paytable(HOLDEM_ANTE_PAYTABLE)),
    item(t('holdem_rule_bonus'), paytable(AA_BONUS_PAYTABLE)),
    item(t('holdem_rule_rtp', studio.percent(studio.game.rtp), studio.percent(HOLDEM_RETURNS.perWagered), studio.percent(HOLDEM_RETURNS.aaBonus))),
  ];
  if (studio.abandonedAfter) {
    const abandoned = item(t('holdem_abandoned', studio.abandonedAfter));
    abandoned.dataset.rule = 'abandoned';
    rules.push(abandoned);
  }
  q('.card-rules-list').replaceChildren(...rules);

  const dealerBest = q<HTMLElement>('[data-seat=dealer] .he-best');
  const playerBest = q<HTMLElement>('[data-seat=player] .he-best');
  const qualifyEl = q<HTMLElement>('.he-qualify');
  const outcomeEl = q<HTMLElement>('.card-outcome');
  const betsEl = q<HTMLUListElement>('.he-bets');
  const spoken = q<HTMLElement>('.he > p.visually-hidden');
  const seats = { dealer: q<HTMLElement>('[data-seat=dealer]'), player: q<HTMLElement>('[data-seat=player]') };
  const dealer = createHand(q('[data-seat=dealer] .he-cards'), t, studio.calm);
  const player = createHand(q('[data-seat=player] .he-cards'), t, studio.calm);
  const board = createHand(q('.he-board .he-cards'), t, studio.calm);
  const pause = (ms: number) => (studio.calm ? Promise.resolve() : sleep(ms));

  /** Each bet of the round: what it staked, and at the end what it returned. */
  const showBets = (round: StudioRound, view: HoldemView) => {
    const ante = round.stakes[0] ?? 0;
    const rows: [string, number, number | null][] = [[t('holdem_ante'), ante, view.anteReturned === null ? null : (ante * view.anteReturned) / ONE_X]];
    if (view.bonus) rows.push([t('holdem_bonus'), ante, round.done ? (ante * view.bonus.pays) / ONE_X : null]);
    if (view.callReturned !== null || view.stage === 'called')
      rows.push([t('call'), 2 * ante, view.callReturned === null ? null : (ante * view.callReturned) / ONE_X]);
    betsEl.replaceChildren(
      ...rows.map(([name, staked, back]) => {
        const li = document.createElement('li');
        li.textContent = back === null ? t('holdem_bet_staked', name, money(staked)) : t('holdem_bet_line', name, money(staked), money(back));
        if (back !== null && back > staked) li.dataset.kind = 'win';
        return li;
      }),
    );
  };

  let busy = false;
  const idle = () => {
    bonusBox.disabled = false;
    studio.setActions([{ label: t('deal'), run: () => void deal(), primary: true }]);
  };
  const decisions = (round: StudioRound, disabled: boolean) => {
    const ante = round.stakes[0] ?? round.stake;
    studio.setActions([
      { label: t('call_amount', money(2 * ante)), run: () => void decide(round, 'call'), primary: true, disabled },
      { label: t('fold'), run: () => void decide(round, 'fold'), disabled },
    ]);
  };

  const clearTable = () => {
    for (const el of [dealerBest, playerBest, qualifyEl, outcomeEl, spoken]) el.textContent = '';
    betsEl.replaceChildren();
    for (const el of Object.values(seats)) delete el.dataset.won;
    dealer.clear();
    player.clear();
    board.clear();
  };

  /** The flop is out and the player must choose. */
  const ask = (round: StudioRound) => {
    const view = round.view as HoldemView;
    playerBest.textContent = t(`hand_${view.playerHand}`);
    qualifyEl.textContent = view.bonus ? (view.bonus.pays > 0 ? t('holdem_bonus_won', t(`hand_${view.bonus.hand}`)) : t('holdem_bonus_lost')) : '';
    outcomeEl.textContent = t('holdem_prompt', money(2 * (round.stakes[0] ?? 0)));
    outcomeEl.dataset.kind = 'info';
    showBets(round, view);
    spoken.textContent = [
      t('holdem_hand', t('card_you'), cardsText(t, view.player), t(`hand_${view.playerHand}`)),
      t('holdem_board_cards', cardsText(t, view.board)),
    ].join(' ');
    busy = false;
    decisions(round, false);
  };

  /** Turn, river and the dealer's cards, then both hands and each bet's result. */
  const reveal = async (round: StudioRound) => {
    const view = round.view as HoldemView;
    await board.show(view.board);
    await pause(200);
    await dealer.show(view.dealer);
    const mine = t(`hand_${view.playerHand}`);
    const theirs = t(`hand_${view.dealerHand ?? 'high_card'}`);
    playerBest.textContent = mine;
    dealerBest.textContent = theirs;
    qualifyEl.textContent = view.dealerQualifies ? t('holdem_qualifies', theirs) : t('holdem_not_qualifies', theirs);
    qualifyEl.dataset.qualifies = String(view.dealerQualifies);
    let text: string;
    if (view.stage === 'folded') text = t('holdem_outcome_fold');
    else if (!view.dealerQualifies) text = t('holdem_outcome_no_qualify');
    else if (view.winner === 'player') text = t('holdem_outcome_win');
    else if (view.winner === 'push') text = t('holdem_outcome_push');
    else text = t('holdem_outcome_lose');
    outcomeEl.textContent = text;
    const won = view.stage === 'called' && (view.winner === 'player' || !view.dealerQualifies);
    outcomeEl.dataset.kind = won ? 'win' : 'info';
    if (view.stage === 'called' && view.winner !== 'push' && view.winner) seats[view.dealerQualifies ? view.winner : 'player'].dataset.won = '';
    showBets(round, view);
    spoken.textContent = [
      t('holdem_hand', t('card_you'), cardsText(t, view.player), mine),
      t('holdem_hand', t('card_dealer'), cardsText(t, view.dealer), theirs),
      t('holdem_board_cards', cardsText(t, view.board)),
      text,
    ].join(' ');
    studio.finish(round);
    busy = false;
    idle();
  };

  const deal = async () => {
    if (busy) return;
    busy = true;
    bonusBox.disabled = true;
    studio.setActions([{ label: t('deal'), run: () => undefined, primary: true, disabled: true }]);
    clearTable();
    const round = await studio.start({ aaBonus: bonusBox.checked });
    if (!round) {
      busy = false;
      idle();
      return;
    }
    const view = round.view as HoldemView;
    await player.show(view.player);
    await dealer.show([null, null]);
    await board.show(view.board);
    if (round.done) await reveal(round);
    else ask(round);
  };

  const decide = async (round: StudioRound, move: 'call' | 'fold') => {
    if (busy) return;
    busy = true;
    decisions(round, true);
    const next = await studio.act(round, { move });
    if (!next) {
      // Not played (the balance cannot pay the call, say): the choice is still open.
      busy = false;
      decisions(round, false);
      return;
    }
    await reveal(next);
  };

  const open = studio.openRound;
  if (open && !open.done) {
    busy = true;
    bonusBox.disabled = true;
    bonusBox.checked = (open.view as HoldemView).bonus !== null;
    void (async () => {
      const view = open.view as HoldemView;
      await player.show(view.player);
      await dealer.show([null, null]);
      await board.show(view.board);
      studio.say(t('card_resumed'));
      ask(open);
    })();
  } else idle();
};
