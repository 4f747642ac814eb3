// The /fairness page: fills the form from a round's details in the URL fragment and
// recomputes the round with Web Crypto when asked (or at once when the fragment names
// one). Nothing is sent anywhere.
import { type FairGame, isFairGame } from '../shared/fairness.ts';
import { verifyRound } from './fairness-verify.ts';
import { DEFAULT_LOCALE, isLocale } from '../shared/locales.ts';
import { formatMessage, type Message } from './plural.ts';

const text = JSON.parse(document.getElementById('fair-text')?.textContent ?? '{}') as Record<string, Message>;
const named = document.documentElement.dataset.locale ?? '';
const locale = isLocale(named) ? named : DEFAULT_LOCALE;
const t = (key: string, ...args: (string | number)[]) => formatMessage(text[key] ?? key, locale, ...args);

const form = document.getElementById('fair-form') as HTMLFormElement;
const field = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const engine = field<HTMLSelectElement>('fair-engine');
const variant = field<HTMLSelectElement>('fair-variant');
const variantRow = field<HTMLElement>('fair-variant-row');
const wheel = field<HTMLSelectElement>('fair-wheel');
const wheelRow = field<HTMLElement>('fair-wheel-row');
const server = field<HTMLInputElement>('fair-server');
const hash = field<HTMLInputElement>('fair-hash');
const client = field<HTMLInputElement>('fair-client');
const nonce = field<HTMLInputElement>('fair-nonce');
const outcome = field<HTMLTextAreaElement>('fair-outcome');
const result = field<HTMLElement>('fair-result');

const showVariant = () => {
  variantRow.hidden = engine.value !== 'slot';
  // A roulette round draws from 37 or 38 pockets: the wheel says which.
  wheelRow.hidden = engine.value !== 'roulette';
};

function say(message: string, verdict: 'verified' | 'differs' | 'info') {
  result.textContent = message;
  result.dataset.verdict = verdict;
}

async function verify() {
  const n = Number(nonce.value);
  if (!isFairGame(engine.value) || !server.value.trim() || !client.value.trim() || nonce.value === '' || !Number.isInteger(n) || n < 0) {
    say(t('invalid'), 'differs');
    return;
  }
  let stated: unknown;
  try {
    stated = outcome.value.trim() ? JSON.parse(outcome.value) : undefined;
  } catch {
    stated = outcome.value.trim();
  }
  const verdict = await verifyRound({
    engine: engine.value as FairGame,
    variant: engine.value === 'slot' ? variant.value : engine.value === 'roulette' && wheel.value === 'american' ? 'american' : undefined,
    serverSeed: server.value.trim(),
    clientSeed: client.value.trim(),
    nonce: n,
    serverSeedHash: hash.value.trim() || undefined,
    outcome: stated as never,
  });
  const computed = JSON.stringify(verdict.outcome);
  if (verdict.verified) {
    say(`${t('verified')} ${t('computed', computed)}`, stated === undefined && !hash.value.trim() ? 'info' : 'verified');
    return;
  }
  const parts: string[] = [];
  if (verdict.hash) parts.push(t('hash_differs', verdict.hash.computed));
  if (verdict.differs) parts.push(t('outcome_differs', JSON.stringify(verdict.differs.stated), computed));
  say(parts.join(' '), 'differs');
}

function fromFragment(): boolean {
  const params = new URLSearchParams(location.hash.slice(1));
  const named = params.get('engine');
  if (!named || !isFairGame(named)) return false;
  engine.value = named;
  variant.value = params.get('variant') === 'volatile' ? 'volatile' : 'classic';
  wheel.value = params.get('variant') === 'american' ? 'american' : 'european';
  server.value = params.get('server') ?? '';
  hash.value = params.get('hash') ?? '';
  client.value = params.get('client') ?? '';
  nonce.value = params.get('nonce') ?? '';
  outcome.value = params.get('outcome') ?? '';
  return true;
}

engine.addEventListener('change', showVariant);
form.addEventListener('submit', (event) => {
  event.preventDefault();
  void verify();
});
if (fromFragment()) void verify();
showVariant();
