// Blackjack: Deal, then the moves the table allows for the hand in play (hit, stand,
// double, split, surrender), or the insurance question when the dealer shows an ace.
// Only legal moves get a button. A split puts the hands side by side, each with its
// stake and, at the end, its result; the one in play is marked. The dealer's hole card
// stays face down until the round ends. A round left open last time is put back on the
// table; the table's rules, and what happens to a hand left too long, are under Rules.
import { finder } from '../dom.ts';
import type { BlackjackHandView, BlackjackMove, BlackjackRules, BlackjackView } from '../../shared/game-views.ts';
import type { StudioRound } from '../../shared/schemas/games.ts';
import type { Action, Screen } from '../studio.ts';
import { type Card, cardsText, createHand, fitToPanel, type Hand, setSpoken } from './cards.ts';
import './blackjack.css';

/** The best total of the cards shown, and whether an ace in it still counts eleven (as the engine counts). */
function totalOf(cards: readonly Card[]): { total: number; soft: boolean } {
  let total = 0;
  let aces = 0;
  for (const card of cards) {
    if (!card) continue;
    const rank = card[0] ?? '';
    if (rank === 'A') aces++;
    total += rank === 'A' ? 1 : 'TJQK'.includes(rank) ? 10 : Number(rank);
  }
  const soft = aces > 0 && total + 10 <= 21;
  return { total: soft ? total + 10 : total, soft };
}

/** Moves in the order their buttons stand; the first legal one is the space bar's (never insurance, a bet against the player). */
const MOVE_ORDER: BlackjackMove[] = ['hit', 'stand', 'double', 'split', 'surrender', 'no_insurance', 'insurance'];
/** Basis points, as the engine counts stakes. */
const ONE_X = 10_000;

export const screen: Screen = (root, studio) => {
  const { t, money } = studio;
  const rules = studio.game.config as unknown as BlackjackRules;
  root.innerHTML = `
    <div class="bj cards-table">
      <div class="bj-seat" role="group" aria-labelledby="bj-dealer-name">
        <p class="card-seat"><span id="bj-dealer-name"></span> <span class="card-total" data-total="dealer"></span></p>
        <div data-hand="dealer"></div>
      </div>
      <div class="bj-middle">
        <p class="card-outcome" aria-live="polite"></p>
        <p class="bj-insurance" aria-live="polite"></p>
        <p class="card-rule"></p>
      </div>
      <ul class="bj-hands" aria-label=""></ul>
      <details class="card-rules">
        <summary></summary>
        <ul class="card-rules-list"></ul>
      </details>
      <p class="visually-hidden" aria-live="polite"></p>
    </div>`;
  const q = finder(root);
  // Never cut off in its frame: the cards shrink while the table would not fit (a split, a phone).
  const fit = fitToPanel(q('.bj'));
  q('#bj-dealer-name').textContent = t('card_dealer');
  q('.card-rule').textContent = t(rules.soft17 === 'hit' ? 'blackjack_rules_hit17' : 'blackjack_rules');
  q('.card-rules summary').textContent = t('rules');
  const handsEl = q<HTMLUListElement>('.bj-hands');
  handsEl.setAttribute('aria-label', t('card_you'));

  // The table's rules in words, from the catalogue's settings of this table.
  const ruleLines = [
    t('blackjack_rule_shoe'),
    t(rules.soft17 === 'hit' ? 'blackjack_rule_hit17' : 'blackjack_rule_stand17'),
    t('blackjack_rule_peek'),
    t('blackjack_rule_double'),
    t(rules.doubleAfterSplit ? 'blackjack_rule_das' : 'blackjack_rule_no_das'),
    t('blackjack_rule_split', rules.maxHands),
    ...(rules.insurance ? [t('blackjack_rule_insurance')] : []),
    ...(rules.surrender === 'late' ? [t('blackjack_rule_surrender')] : []),
    t('blackjack_rule_rtp', studio.percent(studio.game.rtp)),
    ...(studio.abandonedAfter ? [t('blackjack_abandoned', studio.abandonedAfter)] : []),
  ];
  q('.card-rules-list').replaceChildren(
    ...ruleLines.map((line, i) => {
      const li = document.createElement('li');
      li.textContent = line;
      if (i === ruleLines.length - 1 && studio.abandonedAfter) li.dataset.rule = 'abandoned';
      return li;
    }),
  );

  const outcomeEl = q<HTMLElement>('.card-outcome');
  const insuranceEl = q<HTMLElement>('.bj-insurance');
  const spoken = q<HTMLElement>('.bj > p.visually-hidden');
  const dealerTotalEl = q<HTMLElement>('[data-total=dealer]');
  const dealer = createHand(q('[data-hand=dealer]'), t, studio.calm);

  /** One seat per hand of the player: its cards, total, stake and result. */
  interface Seat {
    el: HTMLLIElement;
    hand: Hand;
    total: HTMLElement;
    stake: HTMLElement;
    result: HTMLElement;
  }
  const seats: Seat[] = [];
  const seatAt = (i: number): Seat => {
    while (seats.length <= i) {
      const el = document.createElement('li');
      el.className = 'bj-hand';
      el.innerHTML =
        '<div class="bj-cards"></div><p class="card-seat"><span class="bj-name"></span> <span class="card-total"></span></p><p class="bj-stake"></p><p class="bj-result"></p>';
      handsEl.append(el);
      const seat: Seat = {
        el,
        hand: createHand(el.querySelector('.bj-cards') as HTMLElement, t, studio.calm),
        total: el.querySelector('.card-total') as HTMLElement,
        stake: el.querySelector('.bj-stake') as HTMLElement,
        result: el.querySelector('.bj-result') as HTMLElement,
      };
      seats.push(seat);
    }
    return seats[i]!;
  };
  /** The table between rounds: one empty place for the player's hand. */
  const clearSeats = () => {
    for (const seat of seats.splice(0)) seat.el.remove();
    handsEl.dataset.hands = '1';
    (seatAt(0).el.querySelector('.bj-name') as HTMLElement).textContent = t('card_you');
    fit.refit();
  };

  /** A total as the table shows it: "7/17" while a soft hand can still move, else the best total. */
  const showTotal = (el: HTMLElement, cards: readonly Card[], settled: boolean) => {
    if (cards.every((c) => c === null)) {
      el.textContent = '';
      return;
    }
    const { total, soft } = totalOf(cards);
    if (soft && total < 21 && !settled) setSpoken(el, `${total - 10}/${total}`, t('blackjack_soft_total', total - 10, total));
    else setSpoken(el, String(total));
  };
  const spokenTotal = (cards: readonly Card[], settled: boolean) => {
    const { total, soft } = totalOf(cards);
    return soft && total < 21 && !settled ? t('blackjack_soft_total', total - 10, total) : String(total);
  };

  /** The money of `basisPoints` of the round's first stake. */
  const part = (round: StudioRound, basisPoints: number) => money(((round.stakes[0] ?? round.stake) * basisPoints) / ONE_X);

  const resultText = (round: StudioRound, hand: BlackjackHandView): string => {
    const back = part(round, hand.returned ?? 0);
    switch (hand.outcome) {
      case 'blackjack':
        return t('blackjack_result_blackjack', back);
      case 'win':
        return t('blackjack_result_win', back);
      case 'push':
        return t('blackjack_result_push', back);
      case 'surrender':
        return t('blackjack_result_surrender', back);
      case 'bust':
        return t('blackjack_result_bust');
      case 'lose':
        return t('blackjack_result_lose');
      default:
        return '';
    }
  };

  /** Names, totals, stakes and results of every hand, for the eye and for screen readers. */
  const label = (round: StudioRound, view: BlackjackView) => {
    const several = view.hands.length > 1;
    handsEl.dataset.hands = String(view.hands.length);
    view.hands.forEach((hand, i) => {
      const seat = seatAt(i);
      (seat.el.querySelector('.bj-name') as HTMLElement).textContent = several ? t('blackjack_hand', i + 1) : t('card_you');
      showTotal(seat.total, seat.hand.cards, view.over);
      seat.stake.textContent = hand.doubled ? t('blackjack_hand_doubled', part(round, hand.stake)) : t('blackjack_hand_stake', part(round, hand.stake));
      seat.result.textContent = view.over ? resultText(round, hand) : '';
      seat.result.dataset.kind = hand.outcome === 'win' || hand.outcome === 'blackjack' ? 'win' : 'info';
      if (view.active === i && several) seat.el.setAttribute('aria-current', 'true');
      else seat.el.removeAttribute('aria-current');
    });
  };

  const announce = (round: StudioRound, view: BlackjackView) => {
    const lines = view.hands.map((hand, i) =>
      t(
        'card_hand_total',
        view.hands.length > 1 ? t('blackjack_hand', i + 1) : t('card_you'),
        cardsText(t, seatAt(i).hand.cards),
        spokenTotal(hand.cards, view.over),
      ),
    );
    lines.push(t('card_hand_total', t('card_dealer'), cardsText(t, dealer.cards), spokenTotal(dealer.cards, view.over)));
    if (view.over) lines.push(...view.hands.map((hand) => resultText(round, hand)));
    spoken.textContent = lines.join(' ');
  };

  const setOutcome = (text: string, kind: 'win' | 'info' = 'info') => {
    outcomeEl.textContent = text;
    outcomeEl.dataset.kind = kind;
  };

  const insuranceText = (round: StudioRound, view: BlackjackView): string => {
    if (view.insurance === 'offered') return t('blackjack_insurance_prompt', part(round, ONE_X / 2));
    if (view.insuranceWon === true) return t('blackjack_insurance_won', part(round, (3 * ONE_X) / 2));
    if (view.insuranceWon === false) return t('blackjack_insurance_lost');
    return '';
  };

  /** The line on the felt once the round is over: one hand says how it went, several hands say what the dealer made. */
  const endText = (round: StudioRound, view: BlackjackView): { text: string; kind: 'win' | 'info' } => {
    const theirs = totalOf(view.dealer).total;
    if (view.dealerBlackjack) return { text: t('blackjack_outcome_dealer_blackjack'), kind: 'info' };
    if (view.hands.length > 1) return { text: theirs > 21 ? t('blackjack_dealer_busts', theirs) : t('blackjack_dealer_total', theirs), kind: 'info' };
    const [hand] = view.hands as [BlackjackHandView];
    const mine = hand.total;
    switch (hand.outcome) {
      case 'blackjack':
        return { text: t('blackjack_outcome_blackjack'), kind: 'win' };
      case 'win':
        return theirs > 21
          ? { text: t('blackjack_outcome_dealer_bust', theirs), kind: 'win' }
          : { text: t('blackjack_outcome_win', mine, theirs), kind: 'win' };
      case 'push':
        return { text: t('blackjack_outcome_push', mine), kind: 'info' };
      case 'bust':
        return { text: t('blackjack_outcome_bust', mine), kind: 'info' };
      case 'surrender':
        return { text: t('blackjack_result_surrender', part(round, hand.returned ?? 0)), kind: 'info' };
      default:
        return { text: t('blackjack_outcome_lose', mine, theirs), kind: 'info' };
    }
  };

  let busy = false;
  const idle = () => studio.setActions([{ label: t('deal'), run: () => void deal(), primary: true }]);

  /** A button for every move the round allows now, with what it costs; disabled while a request is out. */
  const moveButtons = (round: StudioRound, disabled: boolean) => {
    const allowed = MOVE_ORDER.filter((m) => round.actions.includes(m));
    const cost: Partial<Record<BlackjackMove, number>> = { double: ONE_X, split: ONE_X, insurance: ONE_X / 2 };
    studio.setActions(
      allowed.map(
        (m, i): Action => ({
          label: cost[m] ? t(`${m}_amount`, part(round, cost[m])) : t(m),
          run: () => void play(round, m),
          primary: i === 0,
          disabled,
        }),
      ),
    );
  };

  /** Shows what a reply changed: new cards on each hand, then at the end the hole card and the dealer's draws. */
  const settle = async (round: StudioRound) => {
    const view = round.view as BlackjackView;
    for (const [i, hand] of view.hands.entries()) await seatAt(i).hand.show(hand.cards);
    while (seats.length > view.hands.length) seats.pop()?.el.remove();
    label(round, { ...view, over: false });
    insuranceEl.textContent = insuranceText(round, view);
    if (!round.done) {
      busy = false;
      announce(round, view);
      setOutcome(
        view.insurance === 'offered'
          ? ''
          : view.hands.length > 1
            ? t('blackjack_prompt_hand', (view.active ?? 0) + 1, view.hands.length)
            : t('blackjack_prompt'),
      );
      moveButtons(round, false);
      return;
    }
    // The hole card turns over first, then the dealer draws one card at a time.
    for (let n = 2; n <= view.dealer.length; n++) {
      await dealer.show(view.dealer.slice(0, n));
      showTotal(dealerTotalEl, dealer.cards, n === view.dealer.length);
    }
    label(round, view);
    showTotal(dealerTotalEl, dealer.cards, true);
    announce(round, view);
    const { text, kind } = endText(round, view);
    setOutcome(text, kind);
    studio.finish(round);
    busy = false;
    idle();
  };

  const deal = async () => {
    if (busy) return;
    busy = true;
    studio.setActions([{ label: t('deal'), run: () => undefined, primary: true, disabled: true }]);
    setOutcome('');
    insuranceEl.textContent = '';
    spoken.textContent = '';
    dealer.clear();
    clearSeats();
    showTotal(dealerTotalEl, [], false);
    const round = await studio.start({});
    if (!round) {
      busy = false;
      idle();
      return;
    }
    const view = round.view as BlackjackView;
    const mine = seatAt(0);
    label(round, { ...view, over: false });
    // Dealt as at the table: player, dealer, player, then the dealer's hole card face down.
    const up = view.dealer[0] ?? null;
    const first = view.hands[0]?.cards ?? [];
    await mine.hand.show(first.slice(0, 1));
    await dealer.show([up]);
    showTotal(dealerTotalEl, dealer.cards, false);
    await mine.hand.show(first.slice(0, 2));
    await dealer.show([up, null]);
    await settle(round);
  };

  const play = async (round: StudioRound, move: BlackjackMove) => {
    if (busy) return;
    busy = true;
    moveButtons(round, true);
    const next = await studio.act(round, { move });
    if (!next) {
      // Refused (the balance cannot pay it, say): the hand is as it was, its moves still there.
      busy = false;
      moveButtons(round, false);
      return;
    }
    await settle(next);
  };

  clearSeats();
  const open = studio.openRound;
  if (open && !open.done) {
    busy = true;
    const view = open.view as BlackjackView;
    void (async () => {
      for (const [i, hand] of view.hands.entries()) await seatAt(i).hand.show(hand.cards);
      await dealer.show(view.dealer);
      showTotal(dealerTotalEl, dealer.cards, false);
      studio.say(t('card_resumed'));
      await settle(open);
    })();
  } else idle();
};
