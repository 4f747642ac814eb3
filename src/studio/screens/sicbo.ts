// Sic bo: each tap on a spot of the table places one chip of the chosen stake there (a
// spot's chips add up; Clear takes them all back), Roll throws the three dice. Each spot
// says what it pays; the winning spots light up after the throw.
import type { SicboView } from '../../shared/game-views.ts';
import { SICBO_PAYS, SICBO_SPOTS, SICBO_TOTAL_PAYS, type SicboBet, type SicboSpot, sicboSpotKey } from '../../shared/house-tables.ts';
import type { Screen } from '../studio.ts';
import { sleep } from '../dom.ts';
import { showRules } from './house.ts';

const FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];
const face = (n: number) => FACES[n - 1] ?? '?';

/** The spot's name on the table: "Small", "Total 9", "⚂ ⚂" … */
function spotLabel(spot: SicboSpot, t: (key: string, ...args: (string | number)[]) => string): string {
  switch (spot.kind) {
    case 'total':
      return String(spot.value);
    case 'single':
      return face(spot.value);
    case 'double':
      return `${face(spot.value)}${face(spot.value)}`;
    case 'triple':
      return `${face(spot.value)}${face(spot.value)}${face(spot.value)}`;
    case 'combination':
      return `${face(spot.values[0])}${face(spot.values[1])}`;
    default:
      return t(`sicbo_${spot.kind}`);
  }
}

/** What a spot pays, as "1:1" (single: "1–3:1"). */
function spotPays(spot: SicboSpot): string {
  switch (spot.kind) {
    case 'total':
      return `${SICBO_TOTAL_PAYS[spot.value]}:1`;
    case 'single':
      return `1–3:1`;
    case 'double':
      return `${SICBO_PAYS.double}:1`;
    case 'triple':
      return `${SICBO_PAYS.triple}:1`;
    case 'any_triple':
      return `${SICBO_PAYS.anyTriple}:1`;
    case 'combination':
      return `${SICBO_PAYS.combination}:1`;
    default:
      return `${SICBO_PAYS.evenMoney}:1`;
  }
}

const GROUPS: { kind: string; title: string }[] = [
  { kind: 'main', title: 'sicbo_group_main' },
  { kind: 'double', title: 'sicbo_group_doubles' },
  { kind: 'triple', title: 'sicbo_group_triples' },
  { kind: 'total', title: 'sicbo_group_totals' },
  { kind: 'combination', title: 'sicbo_group_pairs' },
  { kind: 'single', title: 'sicbo_group_singles' },
];
const groupOf = (spot: SicboSpot) => (['small', 'big', 'odd', 'even', 'any_triple'].includes(spot.kind) ? 'main' : spot.kind);

export const screen: Screen = (root, studio) => {
  const { t } = studio;
  const groups = GROUPS.map(
    (g) =>
      `<section class="sicbo-group" data-group="${g.kind}" aria-labelledby="sicbo-${g.kind}"><h3 id="sicbo-${g.kind}"></h3><div class="sicbo-spots"></div></section>`,
  ).join('');
  root.innerHTML = `
    <div class="house sicbo">
      <output class="sicbo-dice" aria-live="polite">⚀ ⚀ ⚀</output>
      <p class="sicbo-staked"></p>
      <div class="sicbo-table">${groups}</div>
      <p class="card-outcome" aria-live="polite"></p>
      <details class="card-rules"></details>
    </div>`;
  const q = <T extends Element>(sel: string) => root.querySelector(sel) as T;
  for (const g of GROUPS) q(`#sicbo-${g.kind}`).textContent = t(g.title);
  const diceEl = q<HTMLOutputElement>('.sicbo-dice');
  const stakedEl = q<HTMLElement>('.sicbo-staked');
  const outcome = q<HTMLElement>('.card-outcome');
  const limits = (studio.game.config.limits ?? {}) as { spotMax?: number; tableMax?: number };
  showRules(q('.card-rules'), studio, [
    t('sicbo_rule_play'),
    t('sicbo_rule_triples'),
    t('sicbo_rule_single'),
    t('sicbo_rule_rtp', studio.percent(0.9722), studio.percent(studio.game.rtp)),
    t('sicbo_rule_limits', studio.money((limits.spotMax ?? 2_500) / 100), studio.money((limits.tableMax ?? 10_000) / 100)),
  ]);

  const chips = new Map<string, number>();
  const buttons = new Map<string, { button: HTMLButtonElement; spot: SicboSpot; chip: HTMLElement }>();
  for (const spot of SICBO_SPOTS) {
    const key = sicboSpotKey(spot);
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'sicbo-spot';
    const name = document.createElement('span');
    name.className = 'sicbo-name';
    name.textContent = spotLabel(spot, t);
    const pays = document.createElement('span');
    pays.className = 'sicbo-pays';
    pays.textContent = spotPays(spot);
    const chip = document.createElement('span');
    chip.className = 'sicbo-chip';
    button.append(name, pays, chip);
    button.addEventListener('click', () => place(key));
    q(`[data-group=${groupOf(spot)}] .sicbo-spots`).append(button);
    buttons.set(key, { button, spot, chip });
  }

  const totalCents = () => [...chips.values()].reduce((s, c) => s + c, 0);
  let busy = false;
  const paint = (winning: Set<string> = new Set()) => {
    for (const [key, { button, spot, chip }] of buttons) {
      const cents = chips.get(key) ?? 0;
      chip.textContent = cents ? studio.money(cents / 100) : '';
      button.dataset.won = String(winning.has(key));
      button.disabled = busy;
      const group = GROUPS.find((g) => g.kind === groupOf(spot))?.title ?? '';
      button.setAttribute('aria-label', t('sicbo_spot', `${spotLabel(spot, t)} (${t(group)})`, spotPays(spot), studio.money(cents / 100)));
    }
    stakedEl.textContent = t('sicbo_staked', studio.money(totalCents() / 100));
    idle();
  };
  const place = (key: string) => {
    if (busy) return;
    chips.set(key, (chips.get(key) ?? 0) + Math.round(studio.stake() * 100));
    paint();
  };
  const idle = () =>
    studio.setActions([
      { label: t('roll'), run: () => void roll(), primary: true, disabled: busy || chips.size === 0 },
      {
        label: t('sicbo_clear'),
        run: () => {
          chips.clear();
          paint();
        },
        disabled: busy || chips.size === 0,
      },
    ]);

  const roll = async () => {
    if (busy || chips.size === 0) return;
    busy = true;
    paint();
    const bets = [...chips].map(([key, amount]) => ({ ...buttons.get(key)!.spot, amount }) as SicboBet);
    const round = await studio.start({ bets }, totalCents() / 100);
    if (round) {
      const view = round.view as SicboView;
      if (!studio.calm) {
        for (let i = 0; i < 8; i++) {
          diceEl.textContent = Array.from({ length: 3 }, () => face(1 + Math.floor(Math.random() * 6))).join(' ');
          await sleep(60);
        }
      }
      diceEl.textContent = view.dice.map(face).join(' ');
      diceEl.setAttribute('aria-label', t('sicbo_thrown', view.dice.join(', '), view.total));
      outcome.textContent = t('sicbo_thrown', view.dice.join(', '), view.total);
      busy = false;
      paint(new Set(view.winningBets.map((i) => sicboSpotKey(bets[i]!))));
      studio.finish(round);
      return;
    }
    busy = false;
    paint();
  };
  // The shared stake picker stays: it is the chip a tap places.
  paint();
};
