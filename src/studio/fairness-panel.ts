// The game page's "Provably fair" panel: the seeds this game's rounds are drawn from (the
// server seed as its SHA-256 until changed), a client seed to choose, and the latest rounds
// with their nonce and what their table showed (reels, cards, numbers), each linking to
// /fairness once its server seed is shown.
import { formatMoney } from '../lib/format.ts';
import { describeOutcome, tableUseOf } from '../shared/fairness-show.ts';
import { isFairGame } from '../shared/fairness.ts';
import { verifyLink } from '../shared/fairness-verify.ts';
import { isLocale } from '../shared/locales.ts';
import type { FairnessReply, RoundDetails } from '../shared/schemas/games.ts';
import { el } from './dom.ts';
import { pageFairWords, shownNode } from './fairness-shown.ts';

interface PanelDeps {
  session: string;
  locale: string;
  t(key: string, ...args: (string | number)[]): string;
  post<T>(path: string, body: object): Promise<T>;
}

export function fairnessPanel(details: HTMLDetailsElement, deps: PanelDeps): void {
  const { t } = deps;
  const locale = isLocale(deps.locale) ? deps.locale : 'en';
  const words = pageFairWords(locale);
  // What the round's table showed, and beside it a jackpot's pool, which the seeds do not decide.
  const outcomeOf = (round: RoundDetails): HTMLElement[] => {
    if (!round.outcome || !isFairGame(round.engine)) return [el('span', {}, '…')];
    const shown = [shownNode(describeOutcome(round.engine, round.variant ?? undefined, round.outcome, tableUseOf(round.outcome, round.view)), words)];
    const j = round.jackpot;
    if (j)
      shown.push(
        el('p', {
          className: 'fair-jackpot',
          textContent:
            j.contribution === null ? words.say('jackpot_free', j.pool) : words.say('jackpot_added', j.pool, formatMoney(j.contribution, locale, j.currency)),
        }),
      );
    return shown;
  };
  const body = el('div', { className: 'fair-body' });
  details.append(body);
  const status = el('p', { className: 'fair-status' });
  status.setAttribute('role', 'status');

  const render = (data: FairnessReply) => {
    const clientInput = el('input', { id: 'fair-client', value: data.active.clientSeed, maxLength: 64, autocomplete: 'off', spellcheck: false });
    const rotate = el('button', { type: 'button', className: 'secondary', textContent: t('fair_rotate') });
    rotate.addEventListener('click', async () => {
      rotate.disabled = true;
      try {
        const clientSeed = clientInput.value.trim();
        await deps.post('rotate_seed', { session: deps.session, ...(clientSeed && clientSeed !== data.active.clientSeed ? { clientSeed } : {}) });
        await load();
        status.textContent = t('fair_rotated');
      } catch (error) {
        status.textContent = t(error instanceof Error ? error.message : 'action_failed');
      } finally {
        rotate.disabled = false;
      }
    });
    const rounds = el(
      'ul',
      { className: 'fair-rounds' },
      ...data.rounds.map((round) => {
        const href = verifyLink(deps.locale, round);
        const head = el('p', { className: 'fair-round-head' }, t('fair_nonce', round.nonce ?? 0));
        if (href) head.append(' · ', el('a', { href, target: '_blank', rel: 'noopener', textContent: t('fair_verify') }));
        return el('li', { className: 'fair-round' }, head, ...outcomeOf(round));
      }),
    );
    const waiting = data.rounds.some((r) => !r.serverSeed);
    body.replaceChildren(
      el(
        'p',
        {},
        el('span', { className: 'fair-label', textContent: `${t('fair_hash')}: ` }),
        el('code', { className: 'fair-hash', textContent: data.active.serverSeedHash }),
      ),
      el('p', {}, `${t('fair_next_nonce')}: `, el('output', { textContent: String(data.active.nextNonce) })),
      el('div', { className: 'fair-client' }, el('label', { htmlFor: 'fair-client', textContent: t('fair_client') }), clientInput, rotate),
      ...(data.rounds.length ? [el('h2', { className: 'fair-heading', textContent: t('fair_rounds') }), rounds] : []),
      ...(waiting ? [el('p', { className: 'fair-note', textContent: t('fair_wait') })] : []),
      status,
    );
  };

  const load = async () => {
    render(await deps.post<FairnessReply>('fairness', { session: deps.session }));
  };
  details.addEventListener('toggle', () => {
    if (details.open) load().catch((error: unknown) => (status.textContent = t(error instanceof Error ? error.message : 'action_failed')));
  });
}
