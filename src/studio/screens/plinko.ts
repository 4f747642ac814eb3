// Plinko: choose the rows and the risk, Drop; the ball bounces down the pegs into a
// pocket whose multiplier is paid. The pockets of the chosen table are printed under the
// board, so the player sees every possible win before dropping.
import type { PlinkoView } from '../../shared/game-views.ts';
import { PLINKO_PAYTABLES, PLINKO_RISKS, PLINKO_ROWS, type PlinkoRisk, type PlinkoRows } from '../../shared/house-tables.ts';
import type { Screen } from '../studio.ts';
import { sleep } from '../dom.ts';
import { showRules, times } from './house.ts';

const SVG = 'http://www.w3.org/2000/svg';

export const screen: Screen = (root, studio) => {
  const { t } = studio;
  root.innerHTML = `
    <div class="house plinko">
      <div class="house-choices">
        <div class="house-choice"><label for="plinko-rows"></label><select id="plinko-rows">${PLINKO_ROWS.map((r) => `<option value="${r}">${r}</option>`).join('')}</select></div>
        <div class="house-choice"><label for="plinko-risk"></label><select id="plinko-risk">${PLINKO_RISKS.map((r) => `<option value="${r}"></option>`).join('')}</select></div>
      </div>
      <svg class="plinko-board" viewBox="0 0 340 300" role="img" aria-labelledby="plinko-board-title"><title id="plinko-board-title"></title></svg>
      <ol class="plinko-pockets" aria-labelledby="plinko-pockets-title"></ol>
      <h2 id="plinko-pockets-title" class="visually-hidden"></h2>
      <p class="card-outcome" aria-live="polite"></p>
      <details class="card-rules"></details>
    </div>`;
  const q = <T extends Element>(sel: string) => root.querySelector(sel) as T;
  const rowsEl = q<HTMLSelectElement>('#plinko-rows');
  const riskEl = q<HTMLSelectElement>('#plinko-risk');
  rowsEl.value = '12';
  riskEl.value = 'medium';
  q('label[for=plinko-rows]').textContent = t('plinko_rows');
  q('label[for=plinko-risk]').textContent = t('plinko_risk');
  for (const option of riskEl.options) option.textContent = t(`plinko_risk_${option.value}`);
  q('#plinko-board-title').textContent = t('plinko_board');
  q('#plinko-pockets-title').textContent = t('plinko_pockets');
  const board = q<SVGSVGElement>('.plinko-board');
  const pockets = q<HTMLOListElement>('.plinko-pockets');
  const outcome = q<HTMLElement>('.card-outcome');
  showRules(q('.card-rules'), studio, [t('plinko_rule_play'), t('plinko_rule_pays', studio.percent(studio.game.rtp))]);

  const rows = () => Number(rowsEl.value) as PlinkoRows;
  const risk = () => riskEl.value as PlinkoRisk;
  // Peg j of row i (i pegs + 2 wide at the top) sits at x = centre + (j − (i + 2 − 1) / 2) · gap.
  const geometry = (n: number) => ({ gap: 320 / (n + 2), top: 20, step: 260 / n });
  const draw = () => {
    const n = rows();
    const { gap, top, step } = geometry(n);
    const pegs: SVGElement[] = [];
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < i + 3; j++) {
        const peg = document.createElementNS(SVG, 'circle');
        peg.setAttribute('cx', String(170 + (j - (i + 2) / 2) * gap));
        peg.setAttribute('cy', String(top + i * step));
        peg.setAttribute('r', String(Math.max(2, gap / 9)));
        peg.setAttribute('class', 'plinko-peg');
        pegs.push(peg);
      }
    }
    board.replaceChildren(board.querySelector('title') as Element, ...pegs);
    pockets.style.setProperty('--pockets', String(n + 1));
    pockets.replaceChildren(
      ...PLINKO_PAYTABLES[n][risk()].map((bp) => {
        const li = document.createElement('li');
        li.textContent = times(bp);
        li.dataset.hot = String(bp >= 10_000);
        return li;
      }),
    );
  };
  rowsEl.addEventListener('change', draw);
  riskEl.addEventListener('change', draw);
  draw();

  let busy = false;
  const drop = async () => {
    if (busy) return;
    busy = true;
    rowsEl.disabled = true;
    riskEl.disabled = true;
    studio.setActions([{ label: t('plinko_drop'), run: () => undefined, primary: true, disabled: true }]);
    for (const li of pockets.children) li.removeAttribute('aria-current');
    outcome.textContent = '';
    const round = await studio.start({ rows: rows(), risk: risk() });
    if (round) {
      const view = round.view as PlinkoView;
      const { gap, top, step } = geometry(view.rows);
      const ball = document.createElementNS(SVG, 'circle');
      ball.setAttribute('r', String(Math.max(4, gap / 4)));
      ball.setAttribute('class', 'plinko-ball');
      board.append(ball);
      // The ball's place after each bounce: half a gap left or right of where it was.
      let x = 170;
      const place = (y: number) => {
        ball.setAttribute('cx', String(x));
        ball.setAttribute('cy', String(y));
      };
      place(top - step / 2);
      if (!studio.calm) {
        for (const [i, bit] of view.path.entries()) {
          await sleep(90);
          x += (bit ? 0.5 : -0.5) * gap;
          place(top + i * step + step / 2);
        }
        await sleep(120);
      }
      ball.remove();
      pockets.children[view.pocket]?.setAttribute('aria-current', 'true');
      outcome.textContent = t('plinko_landed', view.pocket + 1, times(view.multiplier));
      studio.finish(round);
    }
    busy = false;
    rowsEl.disabled = false;
    riskEl.disabled = false;
    idle();
  };
  const idle = () => studio.setActions([{ label: t('plinko_drop'), run: () => void drop(), primary: true }]);
  idle();
};
