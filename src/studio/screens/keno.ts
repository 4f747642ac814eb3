// Keno: pick 1 to 10 of the 80 numbers, then the server draws 20; the screen shows them
// coming out one by one and lights up the picks that were drawn.
import { finder, sleep } from '../dom.ts';
import type { KenoView } from '../../shared/game-views.ts';
import type { Screen } from '../studio.ts';
import './keno.css';

const NUMBERS = 80;
const DRAWN = 20;
const MAX_PICKS = 10;
const BALL_MS = 60;

export const screen: Screen = (root, studio) => {
  const { t } = studio;
  root.innerHTML = `
    <div class="keno">
     <div class="keno-body">
      <div class="keno-board" role="group"></div>
      <div class="keno-side">
        <div class="keno-status">
          <dl class="keno-counts">
            <div><dt class="keno-picks-term"></dt><dd class="keno-picks"></dd></div>
            <div><dt class="keno-hits-term"></dt><dd class="keno-hits" aria-live="polite"></dd></div>
          </dl>
          <div class="keno-tools"><button type="button" class="keno-quick"></button><button type="button" class="keno-clear"></button></div>
        </div>
        <p class="keno-help"></p>
        <h2 class="keno-drawn-title"></h2>
        <ol class="keno-drawn"></ol>
      </div>
     </div>
    </div>`;
  const q = finder(root);
  const board = q<HTMLElement>('.keno-board');
  const drawnList = q<HTMLOListElement>('.keno-drawn');
  const picksEl = q<HTMLElement>('.keno-picks');
  const hitsEl = q<HTMLElement>('.keno-hits');
  board.setAttribute('aria-label', t('keno_board'));
  q('.keno-help').textContent = `${t('keno_help', MAX_PICKS)} ${t('keno_draw_help', DRAWN, NUMBERS)}`;
  q('.keno-picks-term').textContent = t('keno_picks');
  q('.keno-hits-term').textContent = t('keno_hits');
  q('.keno-drawn-title').textContent = t('keno_drawn');
  drawnList.setAttribute('aria-label', t('keno_drawn'));

  const picks = new Set<number>();
  const buttons: HTMLButtonElement[] = [];
  for (let n = 1; n <= NUMBERS; n++) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'keno-number';
    button.textContent = String(n);
    button.setAttribute('aria-pressed', 'false');
    button.addEventListener('click', () => toggle(n));
    board.append(button);
    buttons.push(button);
  }
  const buttonOf = (n: number) => buttons[n - 1]!;
  // Empty slots for the 20 balls, so the panel keeps its size while they come out.
  const slots = Array.from({ length: DRAWN }, () => {
    const li = document.createElement('li');
    li.className = 'keno-ball';
    drawnList.append(li);
    return li;
  });

  let drawing = false;
  let drawn = false;

  const clearDraw = () => {
    if (!drawn) return;
    drawn = false;
    for (const b of buttons) {
      delete b.dataset.drawn;
      delete b.dataset.hit;
    }
    for (const slot of slots) {
      slot.textContent = '';
      delete slot.dataset.hit;
    }
    hitsEl.textContent = '–';
  };
  const render = () => {
    for (const [i, b] of buttons.entries()) b.setAttribute('aria-pressed', String(picks.has(i + 1)));
    picksEl.textContent = `${picks.size}/${MAX_PICKS}`;
    setActions();
  };

  const toggle = (n: number) => {
    if (drawing) return;
    if (!picks.has(n) && picks.size >= MAX_PICKS) {
      studio.say(t('keno_max_picks', MAX_PICKS), 'error');
      return;
    }
    clearDraw();
    if (picks.has(n)) picks.delete(n);
    else picks.add(n);
    render();
  };
  const quickPick = () => {
    if (drawing) return;
    clearDraw();
    const count = picks.size || MAX_PICKS;
    picks.clear();
    while (picks.size < count) picks.add(1 + Math.floor(Math.random() * NUMBERS));
    render();
  };
  const clear = () => {
    if (drawing) return;
    clearDraw();
    picks.clear();
    render();
  };

  // Quick pick and Clear sit by the counts, so the one button under the game stays Draw.
  const quickButton = q<HTMLButtonElement>('.keno-quick');
  const clearButton = q<HTMLButtonElement>('.keno-clear');
  quickButton.textContent = t('keno_quick_pick');
  clearButton.textContent = t('clear');
  quickButton.addEventListener('click', quickPick);
  clearButton.addEventListener('click', clear);
  const setActions = () => {
    quickButton.disabled = drawing;
    clearButton.disabled = drawing || picks.size === 0;
    studio.setActions([{ label: t('keno_draw'), run: () => void draw(), primary: true, disabled: drawing || picks.size === 0 }]);
  };

  const draw = async () => {
    if (drawing || picks.size === 0) return;
    drawing = true;
    clearDraw();
    setActions();
    const round = await studio.start({ picks: [...picks] });
    if (!round) {
      drawing = false;
      setActions();
      return;
    }
    const view = round.view as KenoView;
    const picked = new Set(view.picks);
    drawn = true;
    let hits = 0;
    hitsEl.setAttribute('aria-live', 'off');
    for (const [i, n] of view.drawn.entries()) {
      const hit = picked.has(n);
      if (hit) hits++;
      const button = buttonOf(n);
      button.dataset.drawn = 'true';
      if (hit) button.dataset.hit = 'true';
      const slot = slots[i]!;
      slot.textContent = String(n);
      if (hit) slot.dataset.hit = 'true';
      hitsEl.textContent = String(hits);
      if (!studio.calm) await sleep(BALL_MS);
    }
    // Said once at the end, not twenty times on the way.
    hitsEl.setAttribute('aria-live', 'polite');
    hitsEl.textContent = `${view.hits.length}/${view.picks.length}`;
    studio.finish(round);
    drawing = false;
    setActions();
  };

  hitsEl.textContent = '–';
  render();
};
