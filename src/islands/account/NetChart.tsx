import { useStore } from '@nanostores/react';
import { formatDate, formatMoney } from '../../lib/format.ts';
import type { Locale } from '../../shared/locales.ts';
import { accountText, addDays, dayKey, fmt } from './text.ts';

export interface ChartBet {
  createdAt: string;
  bet: number;
  win: number;
}

interface Props {
  locale: Locale;
  /** The player's wallet currency; the locale's when not known yet. */
  currency: string | undefined;
  bets: ChartBet[];
  /** First and last day of the period (YYYY-MM-DD, the browser's days). */
  start: string;
  end: string;
  /** Set when the bets are only the latest part of the period. */
  partial?: { shown: number; total: number } | undefined;
}

/** Past this many days the bars are weeks, so each stays wide enough to see. */
const DAILY_UP_TO = 92;

const cents = (amount: number) => Math.round(amount * 100);
const dateOf = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

interface Bucket {
  first: string;
  last: string;
  net: number;
}

/** Net result (win − bet, in cents) per day, or per week for long periods, from `start` to `end`. */
export function buckets(bets: ChartBet[], start: string, end: string): { weekly: boolean; buckets: Bucket[] } {
  const days: string[] = [];
  for (let day = start; day <= end && days.length <= 400; day = addDays(day, 1)) days.push(day);
  const weekly = days.length > DAILY_UP_TO;
  const size = weekly ? 7 : 1;
  const out: Bucket[] = [];
  for (let i = 0; i < days.length; i += size) out.push({ first: days[i]!, last: days[Math.min(i + size, days.length) - 1]!, net: 0 });
  if (out.length === 0) return { weekly, buckets: out };
  for (const b of bets) {
    const day = dayKey(new Date(b.createdAt));
    // A bet at the very edge of a UTC-day period may fall on a neighbouring local day: keep it at the edge.
    const index = day < start ? 0 : day > end ? out.length - 1 : Math.floor(days.indexOf(day) / size);
    out[Math.max(0, index)]!.net += cents(b.win) - cents(b.bet);
  }
  return { weekly, buckets: out };
}

/** The player's net result over the period as bars: green up, red down, with a text summary for screen readers. */
export default function NetChart({ locale, currency, bets, start, end, partial }: Props) {
  const t = useStore(accountText);
  const money = (c: number) => formatMoney(c / 100, locale, currency);
  const { weekly, buckets: bars } = buckets(bets, start, end);
  const total = bars.reduce((sum, b) => sum + b.net, 0);
  const up = bars.filter((b) => b.net > 0).length;
  const down = bars.filter((b) => b.net < 0).length;
  const title = weekly ? t.chart_title_weeks : t.chart_title_days;
  const label = (b: Bucket) => (b.first === b.last ? formatDate(dateOf(b.first)) : `${formatDate(dateOf(b.first))} – ${formatDate(dateOf(b.last))}`);
  const summary = fmt(weekly ? t.chart_summary_weeks : t.chart_summary_days, formatDate(dateOf(start)), formatDate(dateOf(end)), money(total), up, down);

  const maxUp = Math.max(0, ...bars.map((b) => b.net));
  const maxDown = Math.max(0, ...bars.map((b) => -b.net));
  const range = maxUp + maxDown || 1;
  const H = 100;
  const W = 10;
  const zero = maxUp + maxDown === 0 ? H / 2 : (H * maxUp) / range;

  return (
    <figure className="acct-chart card">
      <figcaption>
        <span className="acct-chart-title">{title}</span>
        <span className={`acct-chart-total ${total > 0 ? 'acct-up' : total < 0 ? 'acct-down' : ''}`}>{money(total)}</span>
      </figcaption>
      {bets.length === 0 ? (
        <p className="acct-chart-empty">{t.chart_empty}</p>
      ) : (
        <div className="acct-chart-plot">
          <div className="acct-chart-axis" aria-hidden="true">
            <span>{maxUp > 0 ? money(maxUp) : ''}</span>
            <span>{maxDown > 0 ? money(-maxDown) : ''}</span>
          </div>
          <svg viewBox={`0 0 ${bars.length * W} ${H}`} preserveAspectRatio="none" role="img" aria-label={summary} data-testid="net-chart">
            {bars.map((b, i) => {
              if (b.net === 0) return null;
              const h = Math.max(0.8, (Math.abs(b.net) / range) * H);
              return (
                <rect
                  key={b.first}
                  x={i * W + W * 0.15}
                  width={W * 0.7}
                  y={b.net > 0 ? zero - h : zero}
                  height={h}
                  className={b.net > 0 ? 'bar-up' : 'bar-down'}
                >
                  <title>{`${label(b)}: ${money(b.net)}`}</title>
                </rect>
              );
            })}
            <line x1={0} x2={bars.length * W} y1={zero} y2={zero} className="zero-line" vectorEffect="non-scaling-stroke" />
          </svg>
          <div className="acct-chart-dates" aria-hidden="true">
            <span>{formatDate(dateOf(start))}</span>
            <span className="acct-chart-legend">
              <span className="key-up" /> {t.chart_legend_up} <span className="key-down" /> {t.chart_legend_down}
            </span>
            <span>{formatDate(dateOf(end))}</span>
          </div>
        </div>
      )}
      {partial && <p className="acct-chart-note">{t.chart_partial(partial.total, partial.shown)}</p>}
    </figure>
  );
}
