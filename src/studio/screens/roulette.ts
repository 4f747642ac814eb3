// Roulette: pick a chip, place it on any spot of a European or American table (a number,
// the line or corner between numbers, or an outside bet), then spin. Each spot keeps its own amount
// within the table's limits; the round's stake is their sum. Undo, clear, repeat the last
// spin's bets and double them. The wheel turns to the pocket the server drew and the
// winning spots light up.
import { finder } from '../dom.ts';
import type { RouletteBet, RouletteView } from '../../shared/game-views.ts';
import {
  AMERICAN_ROULETTE_RTP,
  DOUBLE_ZERO,
  ROULETTE_LIMITS,
  type RouletteLimits,
  type RouletteSpot,
  rouletteChips,
  rouletteColor,
  roulettePocketLabel,
  rouletteSpotsOf,
} from '../../shared/game-tables.ts';
import type { Screen } from '../studio.ts';
import './roulette.css';

/** The pockets in their order round a European wheel. */
const EUROPEAN_WHEEL = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
];
/** And round an American wheel (37 is 00, opposite 0). */
const AMERICAN_WHEEL = [
  0, 28, 9, 26, 30, 11, 7, 20, 32, 17, 5, 22, 34, 15, 3, 24, 36, 13, 1, 37, 27, 10, 25, 29, 12, 8, 19, 31, 18, 6, 21, 33, 16, 4, 23, 35, 14, 2,
];
/**
 * Where the American table's bets round the zeros sit: 00 beside 3 and 0 beside 2 and 1 on
 * the wide table, so these spots run down the zeros' edge in the order of the numbers they
 * touch, spaced so a finger tells them apart; the split 0/00 lies between the two zeros, and
 * the five-number bet on the corner with the dozens, where a European table has the first four.
 */
const AMERICAN_ZERO_PLACES: Record<string, [x: number, y: number]> = {
  'split-3-37': [0, 0.1],
  'street-2-3-37': [0, 0.24],
  'split-2-37': [0, 0.36],
  'street-0-2-37': [0, 0.48],
  'split-0-2': [0, 0.6],
  'street-0-1-2': [0, 0.72],
  'split-0-1': [0, 0.86],
  'five-0-1-2-3-37': [0, 1],
  'split-0-37': [-1 / 24, 1 / 3],
};
/** The lap of the strip the ball lands in (it rests on lap 1, with a lap either side), and the width of a pocket in px. */
const LAPS = 4;
const POCKET = 40;
const SPIN_MS = 1700;

/** A layout of chips: spot key → amount in cents, in the order the spots were first covered. */
type Layout = Map<string, number>;

/** The table's limits from the game's config (cents), or the defaults when the config says nothing usable. */
function limitsOf(config: Record<string, unknown>): RouletteLimits {
  const l = config.limits as Partial<RouletteLimits> | undefined;
  const ok = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;
  return l && ok(l.spotMin) && ok(l.spotMax) && ok(l.tableMax) ? { spotMin: l.spotMin, spotMax: l.spotMax, tableMax: l.tableMax } : ROULETTE_LIMITS;
}

/** Where an inside bet's hot spot sits on the block of numbers of the wide table (0–1 across, 0–1 down; 3, 6, 9… on top). */
function insidePlace(spot: RouletteSpot): [x: number, y: number] {
  const column = (n: number) => (Math.ceil(n / 3) - 0.5) / 12;
  const row = (n: number) => (2 - ((n - 1) % 3) + 0.5) / 3;
  const american = AMERICAN_ZERO_PLACES[spot.key];
  if (american) return american;
  const numbers = spot.numbers.filter((n) => n !== 0);
  const mid = (values: number[]) => (Math.min(...values) + Math.max(...values)) / 2;
  // Zero's bets sit on its edge; the first four on the corner it shares with 1 and the dozens.
  if (spot.numbers.includes(0)) return [0, numbers.length === 3 ? 1 : mid(numbers.map(row))];
  const x = mid(numbers.map(column));
  // A street or a six line is placed on the edge beside the dozens, like chips on a real table.
  if (spot.bet.kind === 'street' || spot.bet.kind === 'line') return [x, 1];
  return [x, mid(numbers.map(row))];
}

export const screen: Screen = (root, studio) => {
  const { t, money } = studio;
  const limits = limitsOf(studio.game.config);
  const american = studio.game.config.wheel === 'american';
  const { spots: SPOTS, byKey: SPOT_BY_KEY } = rouletteSpotsOf(american ? 'american' : 'european');
  const WHEEL = american ? AMERICAN_WHEEL : EUROPEAN_WHEEL;
  const chipValues = rouletteChips(limits);
  const cash = (cents: number) => money(cents / 100);
  const face = new Intl.NumberFormat(document.documentElement.lang, { maximumFractionDigits: 2 });
  studio.hideStake();

  root.innerHTML = `
    <div class="roulette">
      <div class="roulette-top">
        <div class="roulette-wheel" aria-hidden="true"><div class="roulette-strip"></div><div class="roulette-pointer"></div></div>
        <output class="roulette-result" aria-live="polite"><span class="roulette-result-number">–</span><span class="visually-hidden"></span></output>
      </div>
      <div class="roulette-info">
        <p class="roulette-limits"></p>
        <p class="roulette-total"><span></span> <output></output></p>
      </div>
      <div class="roulette-tools">
        <fieldset class="roulette-chips"><legend class="visually-hidden"></legend></fieldset>
        <div class="roulette-edit"></div>
      </div>
      <p class="roulette-help"></p>
      <div class="roulette-table" role="group"></div>
    </div>`;
  const q = finder(root);
  const strip = q<HTMLElement>('.roulette-strip');
  const wheel = q<HTMLElement>('.roulette-wheel');
  const resultEl = q<HTMLOutputElement>('.roulette-result');
  const resultNumber = q<HTMLElement>('.roulette-result-number');
  const resultText = q<HTMLElement>('.roulette-result .visually-hidden');
  const table = q<HTMLElement>('.roulette-table');
  // After the table's cells, so Tab meets the numbers and outside bets before the lines between them.
  const inside = document.createElement('div');
  inside.className = 'roulette-inside';
  const totalLine = q<HTMLElement>('.roulette-total');
  const totalLabel = q<HTMLElement>('.roulette-total span');
  const totalEl = q<HTMLOutputElement>('.roulette-total output');
  const help = q<HTMLElement>('.roulette-help');
  table.setAttribute('aria-label', t('roulette_table'));
  help.textContent = t('roulette_help');
  // A French table's la partage, said where the player reads how to bet.
  if (studio.game.config.rule === 'la_partage') help.textContent += ` ${t('roulette_la_partage', studio.percent(36.5 / 37))}`;
  // An American table's returns, the five-number bet's worse one named.
  if (american)
    help.textContent += ` ${t('roulette_american', studio.percent(AMERICAN_ROULETTE_RTP.standard), studio.percent(AMERICAN_ROULETTE_RTP.fiveNumber))}`;
  q('.roulette-limits').textContent = t('roulette_limits', cash(limits.spotMin), cash(limits.spotMax), cash(limits.tableMax));

  // The wheel as a strip of pockets, repeated so it can run several laps before it stops.
  const pockets: HTMLElement[] = [];
  for (let lap = 0; lap <= LAPS + 1; lap++) {
    for (const n of WHEEL) {
      const pocket = document.createElement('span');
      pocket.className = `roulette-pocket ${rouletteColor(n)}`;
      pocket.textContent = roulettePocketLabel(n);
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

  // The chip tray: one radio per chip, the smallest chosen.
  const tray = q<HTMLFieldSetElement>('.roulette-chips');
  q('.roulette-chips legend').textContent = t('roulette_chip_value');
  chipValues.forEach((value, i) => {
    const label = document.createElement('label');
    label.className = 'roulette-pick';
    label.innerHTML = `<input type="radio" name="chip" class="visually-hidden" /><span class="roulette-coin" data-tier="${i}" aria-hidden="true"></span><span class="visually-hidden"></span>`;
    const input = label.querySelector('input') as HTMLInputElement;
    input.value = String(value);
    input.checked = i === 0;
    (label.querySelector('.roulette-coin') as HTMLElement).textContent = face.format(value / 100);
    (label.querySelector('.visually-hidden:not(input)') as HTMLElement).textContent = cash(value);
    tray.append(label);
  });
  const chosenChip = () => Number(tray.querySelector<HTMLInputElement>('input:checked')?.value ?? chipValues[0]);
  /** The colour of a stack: that of the largest chip it reaches. */
  const tierOf = (cents: number) =>
    Math.max(
      0,
      chipValues.findLastIndex((c) => c <= cents),
    );

  // The table. Straight numbers and outside bets are cells of a grid with a place in the wide
  // layout (12 columns of numbers, zero on the left) and in the tall one (3 columns, zero on top),
  // set as CSS variables; the other inside bets are hot spots on the lines between numbers.
  interface SpotView {
    spot: RouletteSpot;
    button: HTMLButtonElement;
    chip: HTMLElement;
    /** The spot's name, e.g. "Split 17/20". */
    name: string;
  }
  const views = new Map<string, SpotView>();
  type Area = [column: number, row: number, columnSpan: number, rowSpan: number];
  // Pointing at a spot (or, without a pointer there, focusing it) shows the numbers it covers.
  const covering = { pointed: null as string | null, focused: null as string | null };
  const cover = (by: keyof typeof covering, key: string | null) => {
    covering[by] = key;
    const numbers = new Set(SPOT_BY_KEY.get(covering.pointed ?? covering.focused ?? '')?.numbers);
    for (let n = 0; n <= DOUBLE_ZERO; n++) views.get(`straight-${n}`)?.button.toggleAttribute('data-cover', numbers.has(n));
  };
  const addSpot = (key: string, label: string, name: string, css: string, parent: HTMLElement) => {
    const spot = SPOT_BY_KEY.get(key) as RouletteSpot;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `roulette-spot ${css}`;
    button.dataset.key = key;
    const chip = document.createElement('span');
    chip.className = 'roulette-stack';
    chip.setAttribute('aria-hidden', 'true');
    if (label) {
      const text = document.createElement('span');
      text.className = 'roulette-spot-label';
      text.setAttribute('aria-hidden', 'true');
      text.textContent = label;
      button.append(text);
    }
    button.append(chip);
    button.addEventListener('click', () => addChip(key));
    button.addEventListener('pointerenter', () => cover('pointed', key));
    button.addEventListener('pointerleave', () => cover('pointed', null));
    button.addEventListener('focus', () => cover('focused', key));
    button.addEventListener('blur', () => cover('focused', null));
    parent.append(button);
    views.set(key, { spot, button, chip, name });
    return button;
  };
  const cell = (key: string, label: string, name: string, css: string, at: { h: Area; v: Area }) => {
    const button = addSpot(key, label, name, css, table);
    const [hc, hr, hcs, hrs] = at.h;
    const [vc, vr, vcs, vrs] = at.v;
    for (const [prop, value] of Object.entries({ hc, hr, hcs, hrs, vc, vr, vcs, vrs })) button.style.setProperty(`--${prop}`, String(value));
  };
  if (american) {
    // 0 beside 1 and 2, 00 beside 3 (on a phone: 0 above 1 and 2, 00 above 3).
    cell('straight-0', '0', t('roulette_straight', 0), 'green', { h: [1, 2, 1, 2], v: [3, 1, 2, 1] });
    cell(`straight-${DOUBLE_ZERO}`, '00', t('roulette_straight', '00'), 'green', { h: [1, 1, 1, 1], v: [5, 1, 1, 1] });
  } else cell('straight-0', '0', t('roulette_straight', 0), 'green', { h: [1, 1, 1, 3], v: [3, 1, 3, 1] });
  for (let n = 1; n <= 36; n++) {
    const column = Math.ceil(n / 3); // 1–12 along the table
    const row = 3 - ((n - 1) % 3); // 3, 6, 9… on the top row of the wide table
    cell(`straight-${n}`, String(n), t('roulette_straight', n), rouletteColor(n), {
      h: [1 + column, row, 1, 1],
      v: [3 + ((n - 1) % 3), 1 + column, 1, 1],
    });
  }
  for (let c = 1; c <= 3; c++) cell(`column-${c}`, '2:1', t('roulette_column', c), 'outside', { h: [14, 4 - c, 1, 1], v: [2 + c, 14, 1, 1] });
  for (let d = 1; d <= 3; d++) {
    const range = `${d * 12 - 11}–${d * 12}`;
    cell(`dozen-${d}`, range, t('roulette_dozen', range), 'outside', { h: [2 + (d - 1) * 4, 4, 4, 1], v: [2, 2 + (d - 1) * 4, 1, 4] });
  }
  (['low', 'even', 'red', 'black', 'odd', 'high'] as const).forEach((kind, i) => {
    const label = t(`roulette_${kind}`);
    cell(kind, label, label, `outside ${kind}`, { h: [2 + i * 2, 5, 2, 1], v: [1, 2 + i * 2, 1, 2] });
  });
  const insideName = (spot: RouletteSpot) => {
    const n = spot.numbers;
    const joined = n.map(roulettePocketLabel).join('/');
    switch (spot.bet.kind) {
      case 'split':
        return t('roulette_split', joined);
      case 'street':
        return n[0] === 0 || n.includes(DOUBLE_ZERO) ? t('roulette_trio', joined) : t('roulette_street', `${n[0]}–${n.at(-1)}`);
      case 'corner':
        return n[0] === 0 ? t('roulette_first_four') : t('roulette_corner', joined);
      case 'five':
        return t('roulette_five', joined);
      default:
        return t('roulette_line', `${n[0]}–${n.at(-1)}`);
    }
  };
  table.append(inside);
  for (const spot of SPOTS) {
    if (!('numbers' in spot.bet)) continue;
    const button = addSpot(spot.key, '', insideName(spot), `roulette-hot ${spot.bet.kind}`, inside);
    const [x, y] = insidePlace(spot);
    button.style.setProperty('--x', String(x));
    button.style.setProperty('--y', String(y));
  }

  // The bets: what is on the table for the next spin, the steps back, and the last spin's bets.
  let layout: Layout = new Map();
  let history: Layout[] = [];
  const storeKey = `roulette-last:${studio.game.slug}`;
  let last: Layout | null = null;
  try {
    const saved = JSON.parse(sessionStorage.getItem(storeKey) ?? 'null') as [string, number][] | null;
    if (Array.isArray(saved) && saved.every(([k, v]) => SPOT_BY_KEY.has(k) && Number.isInteger(v))) last = new Map(saved);
  } catch {
    // No storage in this frame: repeat works from the first spin on.
  }
  /**
   * After a spin the table shows its chips as ghosts of the last bet (outlined, faded, the
   * total line saying "Last bet"), for Repeat to place again, until the next bet or Clear:
   * never a chip beside "Total bet €0.00".
   */
  let shown: Layout | null = null;
  let spinning = false;
  const totalOf = (l: Layout) => [...l.values()].reduce((a, b) => a + b, 0);

  const clearMarks = () => {
    for (const v of views.values()) {
      delete v.button.dataset.won;
      delete v.button.dataset.hit;
    }
    delete resultEl.dataset.colour;
  };

  const render = () => {
    const visible = layout.size > 0 || !shown ? layout : shown;
    const ghost = visible !== layout;
    table.toggleAttribute('data-settled', ghost);
    totalLine.toggleAttribute('data-ghost', ghost);
    totalLabel.textContent = t(ghost ? 'roulette_last_bet' : 'roulette_total');
    for (const [key, v] of views) {
      const amount = visible.get(key) ?? 0;
      v.chip.textContent = amount > 0 ? face.format(amount / 100) : '';
      v.chip.dataset.tier = String(tierOf(amount));
      v.button.toggleAttribute('data-placed', amount > 0);
      const placed = layout.get(key) ?? 0;
      v.button.setAttribute('aria-label', placed > 0 ? t('roulette_bet_on', v.name, cash(placed)) : v.name);
    }
    totalEl.textContent = cash(totalOf(visible));
    help.hidden = layout.size > 0 || shown !== null;
    renderTools();
    setActions();
  };

  /** Puts a new layout on the table, the old one kept for undo; refuses what breaks a limit. */
  const change = (next: Layout) => {
    if (spinning) return false;
    for (const amount of next.values()) {
      if (amount > limits.spotMax) {
        studio.say(t('roulette_spot_max', cash(limits.spotMax)), 'error');
        return false;
      }
    }
    if (totalOf(next) > limits.tableMax) {
      studio.say(t('roulette_table_max', cash(limits.tableMax)), 'error');
      return false;
    }
    history.push(layout);
    layout = next;
    if (shown) {
      shown = null;
      clearMarks();
    }
    studio.say('');
    render();
    return true;
  };
  const addChip = (key: string) => {
    const next = new Map(layout);
    next.set(key, (next.get(key) ?? 0) + chosenChip());
    change(next);
  };
  const undo = () => {
    const previous = history.pop();
    if (spinning || !previous) return;
    layout = previous;
    studio.say('');
    render();
  };
  const clear = () => {
    if (layout.size > 0) change(new Map());
    else if (shown) {
      shown = null;
      clearMarks();
      render();
    }
  };
  const repeat = () => {
    if (last) change(new Map(last));
  };
  const double = () => change(new Map([...layout].map(([k, v]) => [k, v * 2])));

  const edit = q<HTMLElement>('.roulette-edit');
  const tools = [
    { key: 'roulette_undo', icon: '↶', run: undo, enabled: () => history.length > 0 },
    { key: 'clear', icon: '✕', run: clear, enabled: () => layout.size > 0 || shown !== null },
    { key: 'roulette_repeat', icon: '↻', run: repeat, enabled: () => last !== null && layout.size === 0 },
    { key: 'roulette_double', icon: '×2', run: double, enabled: () => layout.size > 0 },
  ].map((tool) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'roulette-tool';
    button.dataset.tool = tool.key;
    button.innerHTML = '<span class="roulette-tool-icon" aria-hidden="true"></span><span class="roulette-tool-text"></span>';
    (button.firstElementChild as HTMLElement).textContent = tool.icon;
    (button.lastElementChild as HTMLElement).textContent = t(tool.key);
    button.addEventListener('click', tool.run);
    edit.append(button);
    return { button, enabled: tool.enabled };
  });
  // A name that does not fit its button (a long word on a narrow phone) leaves the row to the
  // icons, rather than break mid-word; the names stay for screen readers.
  let editWidth = 0;
  new ResizeObserver(() => {
    if (edit.clientWidth === editWidth) return;
    editWidth = edit.clientWidth;
    edit.removeAttribute('data-icons');
    const tooLong = tools.some(({ button }) => {
      const text = button.querySelector('.roulette-tool-text') as HTMLElement;
      const style = getComputedStyle(button);
      return text.offsetWidth > button.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    });
    edit.toggleAttribute('data-icons', tooLong);
  }).observe(edit);
  const renderTools = () => {
    for (const tool of tools) tool.button.disabled = spinning || !tool.enabled();
    for (const input of tray.querySelectorAll('input')) input.disabled = spinning;
  };

  const setActions = () => studio.setActions([{ label: t('spin'), run: () => void spin(), primary: true, disabled: spinning || layout.size === 0 }]);

  const spin = async () => {
    if (spinning) return;
    if (layout.size === 0) {
      studio.say(t('roulette_no_bets'), 'error');
      return;
    }
    spinning = true;
    clearMarks();
    render();
    const placed = [...layout];
    const bets = placed.map(([key, amount]) => ({ ...SPOT_BY_KEY.get(key)?.bet, amount }) as RouletteBet);
    const round = await studio.start({ bets }, totalOf(layout) / 100);
    if (!round) {
      spinning = false;
      render();
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
    pockets[WHEEL.length + resting]?.setAttribute('data-hit', 'true');

    const winners = view.winningBets.flatMap((index) => {
      const v = views.get(placed[index]?.[0] ?? '');
      return v ? [v] : [];
    });
    resultNumber.textContent = roulettePocketLabel(view.number);
    resultText.textContent = ` ${t(`roulette_${view.color}`)}. ${winners.length > 0 ? t('roulette_winning_bets', winners.map((v) => v.name).join(', ')) : ''}`;
    resultEl.dataset.colour = view.color;
    const hit = views.get(`straight-${view.number}`);
    if (hit) hit.button.dataset.hit = 'true';
    for (const v of winners) v.button.dataset.won = 'true';

    last = layout;
    shown = layout;
    layout = new Map();
    history = [];
    try {
      sessionStorage.setItem(storeKey, JSON.stringify([...last]));
    } catch {
      // Repeat still works until the page is closed.
    }
    spinning = false;
    render();
    studio.finish(round);
  };
  render();
};
