// The /fairness page's verifier: a round's details (from the link a game or the bet list
// opened, in the URL fragment no server sees, or typed in) checked in the browser with
// Web Crypto by src/shared/fairness-verify.ts — the code the server tests run — and the
// outcome shown as its table showed it. Nothing is sent anywhere.
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import * as en from '../../../locales/en.json';
import { type FairWords, fairWords } from '../../lib/fairness-text.ts';
import { formatMoney } from '../../lib/format.ts';
import { FAIR_VARIANTS, type FairGame, type FairOutcome, fairVariantFor, isFairGame } from '../../shared/fairness.ts';
import { crashTimes, describeOutcome, type ShownLine, type TableUse } from '../../shared/fairness-show.ts';
import { type CrashVerdict, readFragment, seededPart, type Verdict, verifyCrashRound, verifyRound } from '../../shared/fairness-verify.ts';
import type { Locale } from '../../shared/locales.ts';
import type { FairnessFormValues } from '../../shared/schemas/fairness.ts';
import type { JackpotFacts } from '../../shared/schemas/games.ts';
import { i18n, syncLocale } from '../../stores/i18n.ts';
import { Field } from '../forms/Field.tsx';
import { SelectField } from '../forms/SelectField.tsx';
import { useForm } from '../forms/use-form.ts';
import { Shown } from './Shown.tsx';

const fairText = i18n('fairness', en.fairness);
const validationText = i18n('validation', en.validation);
const rules = () => import('../../shared/schemas/fairness.ts').then((m) => m.fairnessForm);

const EMPTY: FairnessFormValues = { engine: 'dice', variant: '', server: '', hash: '', client: '', nonce: '', seed: '', number: '', chain: '' };

/** What the round's link said beside its seeds: the outcome to compare, and what is shown but never compared. */
interface Stated {
  outcome?: FairOutcome;
  jackpot?: JackpotFacts;
  use?: TableUse;
  crashPoint?: number;
}

type Result =
  | { kind: 'seeds'; engine: FairGame; variant: string | undefined; verdict: Verdict; hashGiven: boolean; stated: Stated }
  | { kind: 'crash'; number: number; verdict: CrashVerdict; stated: Stated };

/** A variant's option label: `classic-jackpot` → variant_classic_jackpot, `freespins+buy` → variant_freespins_buy; a wheel → wheel_<name>. */
const variantKey = (engine: string, variant: string) => (engine === 'roulette' ? `wheel_${variant}` : `variant_${variant.replace(/[-+]/g, '_')}`);

const variantsOf = (engine: string): readonly string[] => (engine === 'slot' || engine === 'roulette' ? FAIR_VARIANTS[engine] : []);

/** The lines of an outcome, or none when it is not one of this game's (a hand-edited link). */
function linesOf(engine: FairGame, variant: string | undefined, outcome: FairOutcome, use: TableUse = {}): ShownLine[] {
  try {
    return describeOutcome(engine, variant, outcome, use);
  } catch {
    return [];
  }
}

function JackpotBeside({ outcome, facts, words, locale }: { outcome: FairOutcome; facts: JackpotFacts | undefined; words: FairWords; locale: Locale }) {
  const draw = (outcome as { jackpot?: number }).jackpot;
  if (draw === undefined) return null;
  const stakeCents = facts ? Math.round(facts.stake * 100) : undefined;
  const money = (amount: number) => formatMoney(amount, locale, facts?.currency);
  return (
    <aside className="fair-jackpot card" data-testid="fair-jackpot" aria-label={words.say('jackpot_title')}>
      <h3>{words.say('jackpot_title')}</h3>
      {stakeCents === undefined ? (
        <p>{words.say('jackpot_rule_plain')}</p>
      ) : (
        <p>
          {words.say('jackpot_rule', stakeCents)} {words.say(draw < stakeCents ? 'jackpot_hit' : 'jackpot_miss')}
        </p>
      )}
      {facts && (
        <p>{facts.contribution === null ? words.say('jackpot_free', facts.pool) : words.say('jackpot_added', facts.pool, money(facts.contribution))}</p>
      )}
      {facts?.won !== null && facts?.won !== undefined && <p>{words.say('jackpot_paid', money(facts.won))}</p>}
      <p className="fair-note">{words.say('jackpot_note')}</p>
    </aside>
  );
}

function SeedsResult({ result, words, locale }: { result: Extract<Result, { kind: 'seeds' }>; words: FairWords; locale: Locale }) {
  const { verdict, stated, engine, variant } = result;
  const computed = linesOf(engine, variant, verdict.outcome, stated.use);
  const statedOutcome = !verdict.verified && verdict.differs ? seededPart(verdict.differs.stated) : undefined;
  const statedLines = statedOutcome ? linesOf(engine, variant, statedOutcome, stated.use) : [];
  return (
    <>
      <h2>{words.say('seeds_give')}</h2>
      <Shown lines={computed} words={words} testId="fair-computed" />
      {statedLines.length > 0 && (
        <>
          <h2>{words.say('round_states')}</h2>
          <Shown lines={statedLines} words={words} testId="fair-stated" />
        </>
      )}
      {engine === 'slot' && <JackpotBeside outcome={verdict.outcome} facts={stated.jackpot} words={words} locale={locale} />}
    </>
  );
}

/** What a check found, in a sentence; `verified`, `differs` or `info` (nothing to compare with). */
function verdictOf(result: Result, words: FairWords): { text: string; verdict: 'verified' | 'differs' | 'info' } {
  if (result.kind === 'crash') {
    const { verdict, number } = result;
    if (verdict.verified) return { text: words.say('crash_verified', number, crashTimes(verdict.crashPoint)), verdict: 'verified' };
    const parts: string[] = [];
    if (verdict.chainDiffers) parts.push(words.say('crash_chain_differs', number, verdict.chainEnd));
    if (verdict.pointDiffers) parts.push(words.say('crash_point_differs', crashTimes(result.stated.crashPoint ?? 0), crashTimes(verdict.crashPoint)));
    return { text: parts.join(' '), verdict: 'differs' };
  }
  const { verdict, hashGiven, stated } = result;
  if (verdict.verified) {
    if (hashGiven && stated.outcome) return { text: words.say('verified'), verdict: 'verified' };
    if (hashGiven) return { text: words.say('verified_hash'), verdict: 'verified' };
    if (stated.outcome) return { text: words.say('verified_outcome'), verdict: 'verified' };
    return { text: words.say('nothing_stated'), verdict: 'info' };
  }
  const parts: string[] = [];
  if (verdict.hash) parts.push(words.say('hash_differs', verdict.hash.computed));
  if (verdict.differs) parts.push(words.say('outcome_differs_plain'));
  return { text: parts.join(' '), verdict: 'differs' };
}

export default function FairnessPage({ locale, games }: { locale: Locale; games: { id: string; name: string }[] }) {
  syncLocale(locale);
  const t = useStore(fairText);
  const v = useStore(validationText);
  const words = useMemo(() => fairWords((key) => (t as Record<string, string>)[key], locale), [t, locale]);
  const catalog = useMemo(() => ({ ...(v as Record<string, string>), ...(t as Record<string, string>) }), [t, v]);
  const form = useForm(rules, EMPTY);
  const [stated, setStated] = useState<Stated>({});
  const [result, setResult] = useState<Result | undefined>();
  const [busy, setBusy] = useState(false);
  const engine = form.values.engine;
  // Messages appear once Verify was pressed, not when a field loses focus: one appearing above the button
  // as the pointer goes down on it would move the button away before the click lands.
  const field = (
    name: keyof FairnessFormValues & string,
    label: string,
    input: Omit<Parameters<typeof Field>[0], 'value' | 'onValue' | 'error' | 'label'> = {},
  ) => (
    <Field
      name={name}
      label={label}
      value={form.values[name] ?? ''}
      onValue={(value) => form.set(name, value)}
      error={form.message(name, catalog)}
      {...input}
    />
  );
  const seed = { autoComplete: 'off', spellCheck: false, maxLength: 64, className: 'fair-mono' };
  const whole = { inputMode: 'numeric' as const, autoComplete: 'off', maxLength: 9 };
  const variants = variantsOf(engine);

  async function check(values: FairnessFormValues, given: Stated) {
    setBusy(true);
    try {
      if (values.engine === 'crash') {
        const number = Number(values.number);
        const verdict = await verifyCrashRound({
          seed: values.seed,
          number,
          chainEnd: values.chain,
          ...(given.crashPoint === undefined ? {} : { crashPoint: given.crashPoint }),
        });
        setResult({ kind: 'crash', number, verdict, stated: given });
        return;
      }
      if (!isFairGame(values.engine)) return;
      const variant = fairVariantFor(values.engine, values.variant || undefined);
      const verdict = await verifyRound({
        engine: values.engine,
        ...(variant ? { variant } : {}),
        serverSeed: values.server.trim(),
        clientSeed: values.client.trim(),
        nonce: Number(values.nonce),
        ...(values.hash.trim() ? { serverSeedHash: values.hash.trim() } : {}),
        ...(given.outcome ? { outcome: given.outcome } : {}),
      });
      setResult({ kind: 'seeds', engine: values.engine, variant, verdict, hashGiven: values.hash.trim() !== '', stated: given });
    } finally {
      setBusy(false);
    }
  }

  // A link names its round in the fragment: the form is filled in and the round checked at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the page opens
  useEffect(() => {
    const link = readFragment(location.hash);
    if (!link) return;
    let values: FairnessFormValues;
    let given: Stated;
    if (link.kind === 'crash') {
      const r = link.round;
      values = { ...EMPTY, engine: 'crash', seed: r.seed, number: r.number > 0 ? String(r.number) : '', chain: r.chainEnd };
      given = r.crashPoint === undefined ? {} : { crashPoint: r.crashPoint };
    } else {
      const r = link.round;
      const named = r.engine === 'roulette' ? (r.variant === 'american' ? 'american' : 'european') : (fairVariantFor(r.engine, r.variant) ?? '');
      values = {
        ...EMPTY,
        engine: r.engine,
        variant: named,
        server: r.serverSeed,
        hash: r.serverSeedHash ?? '',
        client: r.clientSeed,
        nonce: r.nonce >= 0 ? String(r.nonce) : '',
      };
      given = { ...(r.outcome ? { outcome: r.outcome } : {}), ...(r.jackpot ? { jackpot: r.jackpot } : {}), ...(r.use ? { use: r.use } : {}) };
    }
    form.reset(values);
    setStated(given);
    // A link with a value the form refuses is left for the player to correct: Verify then names the field.
    void rules().then((schema) => (schema.safeParse(values).success ? check(values, given) : undefined));
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const data = await form.submit();
    if (!data) {
      setResult(undefined);
      return;
    }
    await check(form.values, stated);
  }

  const chooseEngine = (next: string) => {
    form.set('engine', next);
    form.set('variant', variantsOf(next)[0] ?? '');
  };
  const said = result ? verdictOf(result, words) : undefined;
  const crash = engine === 'crash';

  return (
    <>
      <form className="card fair-form" onSubmit={submit} noValidate data-testid="fair-form">
        <SelectField label={t.game} name="engine" value={engine} onValue={chooseEngine}>
          {games.map((g) => (
            <option value={g.id} key={g.id}>
              {g.name}
            </option>
          ))}
        </SelectField>
        {variants.length > 0 && (
          <SelectField
            label={engine === 'roulette' ? t.wheel : t.variant}
            name="variant"
            value={form.values.variant || variants[0]}
            onValue={(value) => form.set('variant', value)}
          >
            {variants.map((id) => (
              <option value={id} key={id}>
                {words.say(variantKey(engine, id))}
              </option>
            ))}
          </SelectField>
        )}
        {crash ? (
          <>
            {field('seed', t.crash_seed, seed)}
            {field('number', t.crash_number, whole)}
            {field('chain', t.crash_chain_end, seed)}
          </>
        ) : (
          <>
            {field('server', t.server_seed, seed)}
            {field('hash', t.server_seed_hash, seed)}
            {field('client', t.client_seed, seed)}
            {field('nonce', t.nonce, whole)}
          </>
        )}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t.verify}
          </button>
        </div>
      </form>
      <section className="card fair-outcome" aria-live="polite" hidden={!result}>
        <p id="fair-result" className="fair-result" role="status" data-verdict={said?.verdict}>
          {said?.text}
        </p>
        {result?.kind === 'seeds' && <SeedsResult result={result} words={words} locale={locale} />}
        {result?.kind === 'crash' && (
          <>
            <h2>{words.say('seed_gives')}</h2>
            <p className="fair-crash-point" data-testid="fair-crash-point">
              {words.say('crash_point', crashTimes(result.verdict.crashPoint))}
            </p>
          </>
        )}
      </section>
    </>
  );
}
