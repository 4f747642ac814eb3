// The processors of the contract (§14, §15.3), ids 2–51, the SPEC's gbpay and alfopay
// calls (52–54) and its external-host ones (bitandpay, emerchantpay, paystrax, catalystpay,
// vialet: 55–59), as database rows: each names its call, its kind, the adapter that talks to its
// provider, how the browser continues (reply), where it works and its limits per currency.
// Every row is served by a sandbox adapter here; a real provider replaces `adapter`.
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { type ProcessorKind, type ProcessorLimits, type ProcessorReply, paymentProcessors } from '../db/schema/payments.ts';
import type { Processor } from './types.ts';

const EUR: ProcessorLimits = { min_deposit: 1_000, max_deposit: 500_000, daily_limit: 1_000_000, min_withdraw: 1_000, max_withdraw: 500_000 };
const INR: ProcessorLimits = { min_deposit: 100_000, max_deposit: 50_000_000, daily_limit: 100_000_000, min_withdraw: 100_000, max_withdraw: 50_000_000 };

interface SeedRow {
  id: number;
  name: string;
  call: string;
  kind: ProcessorKind;
  reply?: ProcessorReply;
  logo: string;
  setting?: Record<string, unknown>;
  countries?: string[];
  inr?: boolean;
  withdraw?: boolean;
  deposit?: boolean;
  enabled?: boolean;
  feeBp?: number;
  priority?: number;
}

const url = (slug: string) => `get_payment_${slug}_url`;
const card = (id: number, name: string, call: string, reply: ProcessorReply = 'redirect', priority = 20): SeedRow => ({
  id,
  name,
  call,
  kind: 'card',
  reply,
  logo: 'visa-mastercard',
  inr: true,
  priority,
});
const wallet = (id: number, name: string, call: string, logo: string, extra: Partial<SeedRow> = {}): SeedRow => ({
  id,
  name,
  call,
  kind: 'wallet',
  logo,
  ...extra,
});

export const PROCESSOR_SEED: SeedRow[] = [
  {
    id: 2,
    name: 'Bank transfer',
    call: 'get_payment_payop',
    kind: 'bank',
    logo: 'bank-transfer',
    setting: { paymentMethod: 0 },
    withdraw: true,
    inr: true,
    priority: 90,
  },
  wallet(3, 'Instant Transfer', 'get_payment_payop', 'instant-trsansfer', { setting: { paymentMethod: 0 }, inr: true, priority: 30 }),
  // Pays out to the player's Advcash account (e-mail or account number).
  wallet(4, 'Advcash', 'get_payment_payop', 'advcash', { setting: { paymentMethod: 0 }, withdraw: true }),
  card(5, 'EUPayment', 'get_eupayment_form', 'eupayment', 10),
  { id: 6, name: 'BitcoBrokers', call: url('bitco'), kind: 'crypto', reply: 'window', logo: 'bitcoin', setting: { coins: ['BTC'] }, feeBp: 100 },
  card(7, 'Bennupay', 'get_payment_bennupay'),
  // Pays out to a Bitcoin address of the player's.
  {
    id: 8,
    name: 'Bitpay',
    call: url('bitpay'),
    kind: 'crypto',
    logo: 'bitcoin',
    setting: { coins: ['BTC'] },
    feeBp: 100,
    inr: true,
    priority: 40,
    withdraw: true,
  },
  {
    id: 9,
    name: 'CoinPayments',
    call: url('coinpay'),
    kind: 'crypto',
    logo: 'bitcoin',
    setting: { coins: ['BTC', 'BTC.LN', 'BCH', 'LTC', 'DASH', 'DAI', 'BNB', 'BUSD'] },
    feeBp: 100,
    priority: 41,
  },
  wallet(10, 'NeoSurf', url('cryptopay'), 'neosurf', { setting: { paymentMethod: 'NeoSurf' } }),
  wallet(11, 'Giropay', url('cryptopay'), 'giropay', { setting: { paymentMethod: 'Giropay' }, countries: ['DE'] }),
  wallet(12, 'Multibanco', url('cryptopay'), 'multibanco', { setting: { paymentMethod: 'Multibanco' }, countries: ['PT'] }),
  wallet(13, 'Bancontact (Mistercash)', url('cryptopay'), 'bancontact', { setting: { paymentMethod: 'Mistercash' }, countries: ['BE'] }),
  wallet(14, 'ePay', url('cryptopay'), 'epay', { setting: { paymentMethod: 'ePay' }, countries: ['BG'] }),
  wallet(15, 'EPS', url('cryptopay'), 'eps', { setting: { paymentMethod: 'EPS' }, countries: ['AT'] }),
  wallet(16, 'EUTeller', url('cryptopay'), 'euteller', { setting: { paymentMethod: 'euteller' }, countries: ['FI'] }),
  wallet(17, 'Sofort', url('cryptopay'), 'sofort', { setting: { paymentMethod: 'Sofort' }, countries: ['DE', 'AT', 'BE', 'NL', 'IT', 'ES'] }),
  wallet(18, 'Oobit', url('oobitpay'), 'oobitpay'),
  wallet(19, 'Misterpay', url('misterpay'), 'misterpay', { reply: 'autopost' }),
  wallet(20, 'Pay&Play', url('cryptopay'), 'payandplay', { setting: { paymentMethod: 'crypto' } }),
  wallet(21, 'Keypay', url('keypay'), 'keypay', { setting: { noAmount: true } }),
  wallet(22, 'Pay', url('pay'), 'pay'),
  wallet(23, 'Neopay', url('neopay'), 'neopay'),
  wallet(24, 'Realpay', url('realpay'), 'realpay'),
  wallet(25, 'Paytechnopay', url('paytechnopay'), 'paytechnopay'),
  card(26, 'Payop GlobalCards', 'get_payment_payop'),
  wallet(27, 'Perfect Money', 'get_payment_payop', 'perfect-money', { setting: { paymentMethod: 763 } }),
  wallet(28, 'United Kingdom Bank', 'get_payment_payop', 'united-kingdom-bank', { setting: { paymentMethod: 0 }, countries: ['GB'] }),
  wallet(29, 'Trustly', 'get_payment_payop', 'trustly', { setting: { paymentMethod: 0 }, countries: ['SE', 'FI', 'NO', 'DE', 'EE'] }),
  wallet(30, 'Pacificpay', url('pacificpay'), 'pacificpay', { enabled: false }),
  wallet(31, 'Impaya', url('impayapay'), 'impaya'),
  card(32, 'FastCloud', url('fastcloudpay'), 'autopost'),
  wallet(33, 'Astropay', url('astropay'), 'astropay', { feeBp: 250 }),
  wallet(34, 'Oppeypay', url('oppeypay'), 'oppeypay', { reply: 'autopost' }),
  wallet(35, 'ePay247', url('epay'), 'epay247', { reply: 'autopost' }),
  wallet(36, 'Prismpay', url('prismpay'), 'prismpay'),
  card(37, 'Greatpay', url('greatpay')),
  wallet(38, 'PickSell', url('picksellpay'), 'picksellpay'),
  wallet(39, 'PayTriot', url('paytriotpay'), 'paytriot'),
  wallet(40, 'ChargeMoney', url('chargemoney'), 'chargemoney'),
  card(41, 'Securepay', url('securepay'), 'html'),
  card(42, 'Knoxpay', url('knoxpay')),
  wallet(43, 'PayStack', url('paystack'), 'paystack'),
  card(44, 'Boombill', url('boombill')),
  wallet(45, 'BlackRabbit', url('blackrabbit'), 'blackrabbit'),
  { ...card(46, 'Card (Visa / Mastercard)', url('stripe'), 'redirect', 1), logo: 'visa-mastercard-v6' },
  card(47, 'Sirpaga', url('sirpaga')),
  wallet(48, 'Vegaah', url('vegaah'), 'vegaah'),
  { id: 49, name: 'PwClick', call: url('pwclick'), kind: 'bank', reply: 'popup', logo: 'bank-transfer', withdraw: true, priority: 91 },
  wallet(50, 'BPWallet', url('bpwalletpay'), 'bpwallet'),
  card(51, 'Kryptova', url('kryptova')),
  wallet(52, 'GBPay (bank)', url('gbpay_b'), 'gbpay'),
  wallet(53, 'GBPay (online)', url('gbpay_o'), 'gbpay'),
  wallet(54, 'Alfopay iDEAL', url('alfopay_ideal'), 'ideal', { countries: ['NL'] }),
  // SPEC's processors on an external backend host: each flow is the provider's hosted page, a
  // redirect there and back. The card ones take the card on the hosted card page (or the
  // token of our card fields), Vialet's e-wallet an approval on its hosted page.
  card(55, 'BitAndPay', url('bitandpay')),
  card(56, 'emerchantpay', url('emerchantpay')),
  card(57, 'Paystrax', url('paystrax')),
  card(58, 'CatalystPay', url('catalystpay')),
  wallet(59, 'Vialet', url('vialet'), 'vialet'),
];

/** The adapter a kind is served by here. */
const SANDBOX_ADAPTER: Record<ProcessorKind, string> = { card: 'sandbox-card', wallet: 'sandbox-wallet', bank: 'sandbox-bank', crypto: 'sandbox-crypto' };

/** Inserts the processors a database does not have yet; rows staff changed are left as they are. */
export async function seedProcessors(db: Db): Promise<void> {
  const rows = PROCESSOR_SEED.map((r) => ({
    id: r.id,
    name: r.name,
    call: r.call,
    kind: r.kind,
    adapter: SANDBOX_ADAPTER[r.kind],
    reply: r.reply ?? 'redirect',
    logo: r.logo,
    enabled: r.enabled ?? true,
    deposit: r.deposit ?? true,
    withdraw: r.withdraw ?? false,
    countries: r.countries ?? [],
    limits: (r.inr ? { EUR, INR } : { EUR }) as Record<string, ProcessorLimits>,
    feeBp: r.feeBp ?? 0,
    priority: r.priority ?? 50 + r.id,
    setting: r.setting ?? {},
  }));
  await db.insert(paymentProcessors).values(rows).onConflictDoNothing();
}

const columns = {
  id: paymentProcessors.id,
  name: paymentProcessors.name,
  call: paymentProcessors.call,
  kind: paymentProcessors.kind,
  adapter: paymentProcessors.adapter,
  reply: paymentProcessors.reply,
  logo: paymentProcessors.logo,
  enabled: paymentProcessors.enabled,
  deposit: paymentProcessors.deposit,
  withdraw: paymentProcessors.withdraw,
  countries: paymentProcessors.countries,
  limits: paymentProcessors.limits,
  feeBp: paymentProcessors.feeBp,
  feeFixed: paymentProcessors.feeFixed,
  priority: paymentProcessors.priority,
  setting: paymentProcessors.setting,
};

export async function allProcessors(db: Executor): Promise<Processor[]> {
  return db.select(columns).from(paymentProcessors).orderBy(asc(paymentProcessors.priority), asc(paymentProcessors.id));
}

export async function findProcessor(db: Executor, id: number): Promise<Processor | undefined> {
  const [row] = await db.select(columns).from(paymentProcessors).where(eq(paymentProcessors.id, id));
  return row;
}

/** Why a processor cannot serve this player now, as a catalogue key; undefined when it can. */
export function unavailableFor(p: Processor, use: 'deposit' | 'withdraw', country: string, currency: string): string | undefined {
  if (!p.enabled || !p[use]) return 'processor_unavailable';
  if (p.countries.length > 0 && !p.countries.includes(country.toUpperCase())) return 'processor_not_in_country';
  if (!p.limits[currency]) return 'processor_not_in_currency';
  return undefined;
}

/** The processors a player may use, best first. */
export async function processorsFor(db: Executor, use: 'deposit' | 'withdraw', country: string, currency: string): Promise<Processor[]> {
  return (await allProcessors(db)).filter((p) => unavailableFor(p, use, country, currency) === undefined);
}

/** Fee of a deposit in cents: basis points rounded up, plus the fixed part; never the whole amount. */
export function feeOf(p: Pick<Processor, 'feeBp' | 'feeFixed'>, amount: number): number {
  const fee = Math.ceil((amount * p.feeBp) / 10_000) + p.feeFixed;
  return Math.min(fee, amount - 1);
}

export async function updateProcessor(
  db: Executor,
  id: number,
  change: { enabled?: boolean; limits?: Record<string, ProcessorLimits>; feeBp?: number; feeFixed?: number },
): Promise<Processor | undefined> {
  const set: Record<string, unknown> = { updatedAt: sql`now()` };
  if (change.enabled !== undefined) set.enabled = change.enabled;
  if (change.limits !== undefined) set.limits = change.limits;
  if (change.feeBp !== undefined) set.feeBp = change.feeBp;
  if (change.feeFixed !== undefined) set.feeFixed = change.feeFixed;
  const [row] = await db.update(paymentProcessors).set(set).where(eq(paymentProcessors.id, id)).returning(columns);
  return row;
}
