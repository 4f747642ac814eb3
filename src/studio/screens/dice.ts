// Dice: choose a target and over or under; the chance and the payout follow the choice.
import { finder } from '../dom.ts';
import { dicePayout, ONE_X } from '../../shared/game-tables.ts';
import type { DiceView } from '../../shared/game-views.ts';
import type { Screen } from '../studio.ts';
import './dice.css';

/** The payout multiple shown beside the slider: the engine's own rule (1 % edge, whole basis points). */
function multiple(target: number, direction: 'over' | 'under'): number {
  return dicePayout(target, direction) / ONE_X;
}

export const screen: Screen = (root, studio) => {
  const { t } = studio;
  root.innerHTML = `
    <div class="dice">
      <output class="dice-roll" aria-live="polite">50.00</output>
      <div class="dice-track"><div class="dice-fill"></div><div class="dice-marker"></div></div>
      <label class="dice-target-label" for="dice-target"></label>
      <input id="dice-target" type="range" min="2" max="98" step="1" value="50" />
      <fieldset class="dice-direction">
        <legend class="visually-hidden"></legend>
        <label><input type="radio" name="direction" value="under" checked /> <span></span></label>
        <label><input type="radio" name="direction" value="over" /> <span></span></label>
      </fieldset>
      <dl class="dice-odds"><div><dt></dt><dd class="chance"></dd></div><div><dt></dt><dd class="payout"></dd></div></dl>
    </div>`;
  const q = finder(root);
  const rollEl = q<HTMLOutputElement>('.dice-roll');
  const target = q<HTMLInputElement>('#dice-target');
  const fill = q<HTMLElement>('.dice-fill');
  const marker = q<HTMLElement>('.dice-marker');
  const [underLabel, overLabel] = root.querySelectorAll('.dice-direction span');
  q('.dice-direction legend').textContent = t('dice_direction');
  if (underLabel) underLabel.textContent = t('dice_under');
  if (overLabel) overLabel.textContent = t('dice_over');
  const [chanceTerm, payoutTerm] = root.querySelectorAll('.dice-odds dt');
  if (chanceTerm) chanceTerm.textContent = t('dice_chance');
  if (payoutTerm) payoutTerm.textContent = t('dice_payout');

  const direction = () => (root.querySelector<HTMLInputElement>('input[name=direction]:checked')?.value === 'over' ? 'over' : 'under');
  const update = () => {
    const value = Number(target.value);
    const d = direction();
    q('.dice-target-label').textContent = t(d === 'under' ? 'dice_roll_under' : 'dice_roll_over', value);
    const chance = d === 'under' ? value : 100 - value;
    q('.chance').textContent = `${chance.toFixed(0)} %`;
    q('.payout').textContent = `${multiple(value, d).toFixed(4)}×`;
    fill.style.left = d === 'under' ? '0' : `${value}%`;
    fill.style.width = d === 'under' ? `${value}%` : `${100 - value}%`;
  };
  target.addEventListener('input', update);
  for (const r of root.querySelectorAll('input[name=direction]')) r.addEventListener('change', update);
  update();

  const roll = async () => {
    const d = direction();
    const round = await studio.start({ target: Number(target.value), direction: d });
    if (!round) return;
    const view = round.view as DiceView;
    const show = (value: number) => {
      rollEl.textContent = value.toFixed(2);
      marker.style.left = `${value}%`;
    };
    if (!studio.calm) {
      // A short tumble of numbers before the real roll, for the eye only.
      for (let i = 0; i < 8; i++) {
        show(Math.random() * 100);
        await new Promise((r) => setTimeout(r, 45));
      }
    }
    show(view.roll);
    rollEl.dataset.won = String(view.won);
    studio.finish(round);
  };
  studio.setActions([{ label: t('roll'), run: () => void roll(), primary: true }]);
};
