// Roulette: chips on a European table (a click adds one), the stake split over the bets by
// their chips, then the wheel turns to the pocket the server drew and the winning bets light up.
import type { RouletteBet, RouletteView } from '../../server/games/engines/roulette.ts';
import { rouletteColor } from '../../shared/game-tables.ts';
import type { Screen } from '../studio.ts';
import './roulette.css';

/** The pockets in their order round a European wheel. */
const WHEEL = [0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26];
/** The engine's limit of bets in one round. */
const MAX_BETS = 20;
const MAX_SHARE = 999;
/** The lap of the strip the ball lands in (it rests on lap 1, with a lap either side), and the width of a pocket in px. */
const LAPS = 4;
const POCKET = 40;
const SPIN_MS = 1700;

type Kind = RouletteBet['kind'];

interface Spot {
  key: string;
  bet: RouletteBet;
  button: HTMLButtonElement;
  chip: HTMLElement;
  /** The accessible name, e.g. "Straight 17". */
  name: string;
  /** The name in the list of bets. */
  short: string;
}

export const screen: Screen = (root, studio) => {
  const { t } = studio;
  root.innerHTML = `
    <div class="roulette">
      <div class="roulette-top">
        <div class="roulette-wheel" aria-hidden="true"><div class="roulette-strip"></div><div class="roulette-pointer"></div></div>
        <output class="roulette-result" aria-live="polite"><span class="roulette-result-number">–</span><span class="visually-hidden"></span></output>
      </div>
      <div class="roulette-bets">
        <p class="roulette-help"></p>
        <ul class="roulette-bet-list"></ul>
      </div>
      <div class="roulette-table" role="group"></div>
    </div>`;
  const q = <T extends Element>(sel: string) => root.querySelector(sel) as T;
  const strip = q<HTMLElement>('.roulette-strip');
  const wheel = q<HTMLElement>('.roulette-wheel');
  const resultEl = q<HTMLOutputElement>('.roulette-result');
  const resultNumber = q<HTMLElement>('.roulette-result-number');
  const resultText = q<HTMLElement>('.roulette-result .visually-hidden');
  const table = q<HTMLElement>('.roulette-table');
  const list = q<HTMLUListElement>('.roulette-bet-list');
  const help = q<HTMLElement>('.roulette-help');
  table.setAttribute('aria-label', t('roulette_table'));
  help.textContent = t('roulette_help');

  // The wheel as a strip of pockets, repeated so it can run several laps before it stops.
  const pockets: HTMLElement[] = [];
  for (let lap = 0; lap <= LAPS + 1; lap++) {
    for (const n of WHEEL) {
      const pocket = document.createElement('span');
      pocket.className = `roulette-pocket ${rouletteColor(n)}`;
      pocket.textContent = String(n);
      strip.append(pocket);
      pockets.push(pocket);
    }
  }
  /** The strip's offset that puts pocket `index` under the pointer. */
  const offsetFor = (index: number) => wheel.clientWidth / 2 - (index + 0.5) * POCKET;
  /** Where the strip rests: a pocket's index on the wheel, shown on lap 1. */
  let resting = 0;
  const place = (index: number) => {
    strip.style.transform = `translateX(${offsetFor(index)}px)`;
  };
  place(WHEEL.length + resting);
  new ResizeObserver(() => place(WHEEL.length + resting)).observe(wheel);

  // The table. Each spot knows its place in the wide layout (12 columns of numbers, zero
  // on the left) and in the tall one (3 columns, zero on top), set as CSS variables.
  const spots = new Map<string, Spot>();
  type Area = [column: number, row: number, columnSpan: number, rowSpan: number];
  const add = (key: string, bet: RouletteBet, label: string, name: string, at: { h: Area; v: Area }, css: string, short = name) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `roulette-spot ${css}`;
    button.setAttribute('aria-pressed', 'false');
    button.setAttribute('aria-label', name);
    const text = document.createElement('span');
    text.className = 'roulette-spot-label';
    text.textContent = label;
    const chip = document.createElement('span');
    chip.className = 'roulette-chip';
    chip.setAttribute('aria-hidden', 'true');
    button.append(text, chip);
    const [hc, hr, hcs, hrs] = at.h;
    const [vc, vr, vcs, vrs] = at.v;
    for (const [prop, value] of Object.entries({ hc, hr, hcs, hrs, vc, vr, vcs, vrs })) button.style.setProperty(`--${prop}`, String(value));
    button.addEventListener('click', () => addChip(key));
    table.append(button);
    spots.set(key, { key, bet, button, chip, name, short });
  };
  const share = 1;
  add('straight-0', { kind: 'straight', value: 0, share }, '0', t('roulette_straight', 0), { h: [1, 1, 1, 3], v: [3, 1, 3, 1] }, 'green');
  for (let n = 1; n <= 36; n++) {
    const column = Math.ceil(n / 3); // 1–12 along the table
    const row = 3 - ((n - 1) % 3); // 3, 6, 9… on the top row of the wide table
    add(
      `straight-${n}`,
      { kind: 'straight', value: n, share },
      String(n),
      t('roulette_straight', n),
      { h: [1 + column, row, 1, 1], v: [3 + ((n - 1) % 3), 1 + column, 1, 1] },
      rouletteColor(n),
    );
  }
  for (let c = 1; c <= 3; c++) {
    add(
      `column-${c}`,
      { kind: 'column', value: c, share },
      '2:1',
      `${t('roulette_column', c)} (2:1)`,
      { h: [14, 4 - c, 1, 1], v: [2 + c, 14, 1, 1] },
      'outside',
      t('roulette_column', c),
    );
  }
  for (let d = 1; d <= 3; d++) {
    const range = `${d * 12 - 11}–${d * 12}`;
    add(
      `dozen-${d}`,
      { kind: 'dozen', value: d, share },
      range,
      t('roulette_dozen', range),
      { h: [2 + (d - 1) * 4, 4, 4, 1], v: [2, 2 + (d - 1) * 4, 1, 4] },
      'outside',
    );
  }
  const evens: Kind[] = ['low', 'even', 'red', 'black', 'odd', 'high'];
  evens.forEach((kind, i) => {
    const label = t(`roulette_${kind}`);
    add(kind, { kind, share } as RouletteBet, label, label, { h: [2 + i * 2, 5, 2, 1], v: [1, 2 + i * 2, 1, 2] }, `outside ${kind}`);
  });

  // The chips on the table, in the order they were placed (the order the bets are sent in).
  const chips = new Map<string, number>();
  let spinning = false;

  const clearMarks = () => {
    for (const spot of spots.values()) delete spot.button.dataset.won;
    for (const li of list.children) delete (li as HTMLElement).dataset.won;
    delete resultEl.dataset.colour;
    for (const spot of spots.values()) delete spot.button.dataset.hit;
  };

  const render = () => {
    for (const spot of spots.values()) {
      const count = chips.get(spot.key) ?? 0;
      spot.button.setAttribute('aria-pressed', String(count > 0));
      spot.chip.textContent = count > 0 ? String(count) : '';
    }
    const total = [...chips.values()].reduce((a, b) => a + b, 0);
    const stake = Math.round(studio.stake() * 100);
    list.replaceChildren(
      ...[...chips].map(([key, count]) => {
        const spot = spots.get(key)!;
        const li = document.createElement('li');
        const remove = document.createElement('button');
        remove.type = 'button';
        remove.className = 'roulette-bet';
        remove.setAttribute('aria-label', t('roulette_remove', spot.name));
        const name = document.createElement('span');
        name.textContent = count > 1 ? `${spot.short} ×${count}` : spot.short;
        const amount = document.createElement('span');
        amount.className = 'roulette-bet-amount';
        amount.textContent = studio.money(Math.floor((stake * count) / total) / 100);
        remove.append(name, amount);
        remove.addEventListener('click', () => removeChip(key));
        li.append(remove);
        li.dataset.key = key;
        if (spot.button.dataset.won) li.dataset.won = 'true';
        return li;
      }),
    );
    help.hidden = chips.size > 0;
    setActions();
  };

  const addChip = (key: string) => {
    if (spinning) return;
    const count = chips.get(key) ?? 0;
    if (count === 0 && chips.size >= MAX_BETS) {
      studio.say(t('roulette_max_bets', MAX_BETS), 'error');
      return;
    }
    if (count >= MAX_SHARE) return;
    clearMarks();
    chips.set(key, count + 1);
    render();
  };
  const removeChip = (key: string) => {
    if (spinning) return;
    const count = chips.get(key) ?? 0;
    clearMarks();
    if (count <= 1) chips.delete(key);
    else chips.set(key, count - 1);
    render();
    // The list was rebuilt: keep the focus on the same bet, or on the table when it is gone.
    const again = list.querySelector<HTMLElement>(`li[data-key="${key}"] button`);
    (again ?? spots.get(key)?.button)?.focus();
  };
  const clear = () => {
    if (spinning) return;
    chips.clear();
    clearMarks();
    render();
  };
  // The amounts in the list follow the stake.
  document.getElementById('stake')?.addEventListener('change', render);
  for (const id of ['stake-down', 'stake-up']) document.getElementById(id)?.addEventListener('click', render);

  const setActions = () =>
    studio.setActions([
      { label: t('spin'), run: () => void spin(), primary: true, disabled: spinning || chips.size === 0 },
      { label: t('clear'), run: clear, disabled: spinning || chips.size === 0 },
    ]);

  const spin = async () => {
    if (spinning) return;
    if (chips.size === 0) {
      studio.say(t('roulette_no_bets'), 'error');
      return;
    }
    spinning = true;
    clearMarks();
    setActions();
    const placed = [...chips].map(([key, count]) => ({ key, bet: { ...spots.get(key)!.bet, share: count } as RouletteBet }));
    const round = await studio.start({ bets: placed.map((p) => p.bet) });
    if (!round) {
      spinning = false;
      setActions();
      return;
    }
    const view = round.view as RouletteView;
    const landing = WHEEL.indexOf(view.number);
    resultNumber.textContent = '…';
    resultText.textContent = '';
    for (const p of pockets) delete p.dataset.hit;
    if (!studio.calm) {
      // From where it rests on lap 1, a few laps on to the new pocket; then back to lap 1, which looks the same.
      const from = offsetFor(WHEEL.length + resting);
      const to = offsetFor(LAPS * WHEEL.length + landing);
      const animation = strip.animate([{ transform: `translateX(${from}px)` }, { transform: `translateX(${to}px)` }], {
        duration: SPIN_MS,
        easing: 'cubic-bezier(0.12, 0.6, 0.2, 1)',
      });
      await animation.finished.catch(() => undefined);
    }
    resting = landing;
    place(WHEEL.length + resting);
    pockets[WHEEL.length + resting]!.dataset.hit = 'true';

    resultNumber.textContent = String(view.number);
    resultText.textContent = ` ${t(`roulette_${view.color}`)}`;
    resultEl.dataset.colour = view.color;
    spots.get(`straight-${view.number}`)!.button.dataset.hit = 'true';
    for (const index of view.winningBets) {
      const key = placed[index]?.key;
      if (!key) continue;
      spots.get(key)!.button.dataset.won = 'true';
      const li = list.querySelector<HTMLElement>(`li[data-key="${key}"]`);
      if (li) li.dataset.won = 'true';
    }
    studio.finish(round);
    spinning = false;
    setActions();
  };
  render();
};
