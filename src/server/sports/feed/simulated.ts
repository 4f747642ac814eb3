// The simulated feed: a rolling season of fixtures for football, tennis, basketball and
// ice hockey, priced before the start with a margin, played in-play minute by minute
// (Poisson goals and points, sets for tennis) with prices following the score, markets
// suspended for a minute after every goal, and results at the end. Everything follows
// from the seed and the clock: polled twice at the same moment it says nothing new, and
// after a restart it tells the same season again (the ingest ignores what it knows).
import type { Clock } from '../../clock.ts';
import { MODELS, type MatchState, priceMarkets, priceOutright, SPORT_IDS, type SportId } from '../model.ts';
import type { EventOutcome } from '../settlement.ts';
import type { FeedAdapter, FeedFixture, FeedMessage } from './types.ts';

export interface SimulatedFeedOptions {
  seed: number;
  clock: Clock;
  /** How many times faster than real time matches are played (a 90-minute match takes 90/speed minutes). */
  speed?: number;
  /** Minutes of real time between two kick-offs of one sport. */
  spacingMinutes?: number;
  /** How far ahead fixtures are published, in hours of real time (by default 24 kick-offs of each sport: 12 hours at the default spacing). */
  horizonHours?: number;
}

/** A small fast seeded generator (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function samplePoisson(mean: number, random: () => number): number {
  const limit = Math.exp(-mean);
  let k = 0;
  let p = random();
  while (p > limit) {
    k++;
    p *= random();
  }
  return k;
}

const COMPETITIONS: Record<SportId, { id: string; name: string; region: string; top: boolean; teams: string[] }[]> = {
  football: [
    {
      id: 'fb-eagle-league',
      name: 'Eagle Premier League',
      region: 'GB',
      top: true,
      teams: ['Northbridge United', 'Kingsport City', 'Harbour Rovers', 'Ashford Athletic', 'Riverside Town', 'Millbrook Wanderers'],
    },
    {
      id: 'fb-liga-aguila',
      name: 'Liga Águila',
      region: 'ES',
      top: true,
      teams: ['Real Montaña', 'Atlético Costa', 'Deportivo Sierra', 'Unión Valle', 'Racing Puerto', 'Sporting Llano'],
    },
  ],
  tennis: [
    {
      id: 'tn-eagle-open',
      name: 'Eagle Open',
      region: 'INT',
      top: true,
      teams: ['A. Novak', 'M. Ferreira', 'L. Andersson', 'K. Tanaka', 'J. Müller', 'P. Rossi'],
    },
  ],
  basketball: [
    {
      id: 'bb-eagle-league',
      name: 'Eagle Basketball League',
      region: 'US',
      top: true,
      teams: ['Lakeside Hawks', 'Canyon Suns', 'Metro Knights', 'Harbor Waves', 'Prairie Storm', 'Capital Lions'],
    },
  ],
  ice_hockey: [
    {
      id: 'ih-nordic-league',
      name: 'Nordic Ice League',
      region: 'FI',
      top: false,
      teams: ['Frost Bears', 'Lakeland Wolves', 'Aurora Lynx', 'Tundra Eagles', 'Polar Falcons', 'Glacier Owls'],
    },
  ],
};

const MINUTE = 60_000;
/** Matches that ended this long ago are still told (their results too) after a restart. */
const LOOKBACK = 6 * 3_600_000;

interface Slot {
  id: string;
  sport: SportId;
  fixture: FeedFixture;
  /** Chances of each side: strengths for the model. */
  strength: [number, number];
  /** Cancelled before the start. */
  cancelled: boolean;
  /** A correction of the result published a little after the first (a different score). */
  corrected: boolean;
}

interface Progress {
  /** Minutes of play already told (−1: not started). */
  told: number;
  home: number;
  away: number;
  suspended: boolean;
  published: boolean;
  resulted: number;
  random: () => number;
  lastPrematch: number;
}

export interface SimulatedFeed extends FeedAdapter {
  /** The fixtures the season holds between two moments (for tests and the bench). */
  slotsBetween(from: number, to: number): FeedFixture[];
}

export function createSimulatedFeed(options: SimulatedFeedOptions): SimulatedFeed {
  const speed = options.speed ?? 1;
  const spacing = (options.spacingMinutes ?? 30) * MINUTE;
  // A closer spacing (a test playing a season fast) publishes as many fixtures ahead, not more.
  const horizon = options.horizonHours !== undefined ? options.horizonHours * 3_600_000 : 24 * spacing;
  // Looking back, likewise: six hours, or 24 kick-offs when they are closer (a first poll of
  // six hours at a kick-off every 20 s would be thousands of fixtures in one ingest).
  const lookback = Math.min(LOOKBACK, 24 * spacing);
  const minuteMs = MINUTE / speed;
  const progress = new Map<string, Progress>();
  const outrightsTold = new Set<string>();
  const outrightsResulted = new Set<string>();

  const slotOf = (sport: SportId, index: number): Slot => {
    const id = `sim:${options.seed}:${sport}:${index}`;
    const random = prng(hash(id));
    const competitions = COMPETITIONS[sport];
    const competition = competitions[index % competitions.length] as (typeof competitions)[number];
    const teams = [...competition.teams];
    const h = Math.floor(random() * teams.length);
    const home = teams.splice(h, 1)[0] as string;
    const away = teams[Math.floor(random() * teams.length)] as string;
    const model = MODELS[sport];
    const tilt = Math.exp((random() - 0.5) * 0.8);
    const strength: [number, number] = sport === 'tennis' ? [Math.min(0.8, Math.max(0.2, 0.5 * tilt)), 0] : [model.means[0] * tilt, model.means[1] / tilt];
    if (sport === 'tennis') strength[1] = 1 - strength[0];
    const offset = SPORT_IDS.indexOf(sport) * (spacing / SPORT_IDS.length);
    const startsAt = index * spacing + offset;
    const state: MatchState = { sport, strength, home: 0, away: 0, elapsed: 0 };
    return {
      id,
      sport,
      strength,
      cancelled: random() < 0.02,
      corrected: random() < 0.03,
      fixture: {
        id,
        sport,
        competition: { id: competition.id, name: competition.name, region: competition.region, top: competition.top },
        kind: 'match',
        home,
        away,
        startsAt,
        markets: priceMarkets(state),
      },
    };
  };

  const durationMs = (sport: SportId) => MODELS[sport].duration * minuteMs;

  /** Plays one minute of a match: goals or points, or a set in tennis. */
  const playMinute = (slot: Slot, p: Progress, minute: number): { scored: boolean } => {
    if (slot.sport === 'tennis') {
      // A set every 40 minutes; the match ends when a player has two.
      if ((minute + 1) % 40 !== 0 || p.home === 2 || p.away === 2) return { scored: false };
      if (p.random() < slot.strength[0]) p.home++;
      else p.away++;
      return { scored: true };
    }
    const model = MODELS[slot.sport];
    const h = samplePoisson(slot.strength[0] / model.duration, p.random);
    const a = samplePoisson(slot.strength[1] / model.duration, p.random);
    p.home += h;
    p.away += a;
    return { scored: h + a > 0 };
  };

  const finalOutcome = (slot: Slot, p: Progress, version: number): EventOutcome => {
    if (slot.cancelled) return { cancelled: true, home: 0, away: 0 };
    let { home, away } = p;
    if (MODELS[slot.sport].twoWay && home === away) {
      if (hash(`${slot.id}:ot`) % 2 === 0) home++;
      else away++;
    }
    // A corrected result: the first report had one goal/point too many for the home side.
    return version === 1 && slot.corrected ? { home: home + 1, away } : { home, away };
  };

  const tellSlot = (slot: Slot, now: number, out: FeedMessage[]) => {
    let p = progress.get(slot.id);
    if (!p) {
      p = { told: -1, home: 0, away: 0, suspended: false, published: false, resulted: 0, random: prng(hash(`${slot.id}:play`)), lastPrematch: 0 };
      progress.set(slot.id, p);
    }
    const { fixture } = slot;
    const eventId = slot.id;
    if (!p.published) {
      out.push({ type: 'fixture', fixture });
      p.published = true;
    }
    const end = fixture.startsAt + durationMs(slot.sport);
    if (slot.cancelled) {
      if (now >= fixture.startsAt && p.resulted === 0) {
        out.push({ type: 'result', eventId, outcome: finalOutcome(slot, p, 1), version: 1 });
        p.resulted = 1;
      }
      return;
    }
    if (now < fixture.startsAt) {
      // Before the start prices drift a little every few minutes of real time.
      const step = Math.floor(now / (5 * MINUTE));
      if (step !== p.lastPrematch) {
        p.lastPrematch = step;
        const drift = prng(hash(`${slot.id}:drift:${step}`));
        const tilt = 1 + (drift() - 0.5) * 0.06;
        const strength: [number, number] = slot.sport === 'tennis' ? [slot.strength[0], slot.strength[1]] : [slot.strength[0] * tilt, slot.strength[1] / tilt];
        out.push({ type: 'odds', eventId, markets: priceMarkets({ sport: slot.sport, strength, home: 0, away: 0, elapsed: 0 }) });
      }
      return;
    }
    const model = MODELS[slot.sport];
    const playedUpTo = Math.min(model.duration, Math.floor((now - fixture.startsAt) / minuteMs));
    if (p.told < 0) {
      p.told = 0;
      out.push({ type: 'status', eventId, status: 'live', home: 0, away: 0, elapsed: 0 });
    }
    let changed = false;
    while (p.told < playedUpTo) {
      const { scored } = playMinute(slot, p, p.told);
      p.told++;
      changed = true;
      if (scored && p.told < model.duration && !p.suspended) {
        // Markets close around a goal and reopen with new prices a minute later.
        p.suspended = true;
        out.push({ type: 'suspension', eventId, suspended: true });
      } else if (p.suspended && !scored) {
        p.suspended = false;
        out.push({ type: 'suspension', eventId, suspended: false });
      }
    }
    if (changed && p.told < model.duration) {
      out.push({ type: 'status', eventId, status: 'live', home: p.home, away: p.away, elapsed: p.told });
      const state: MatchState = { sport: slot.sport, strength: slot.strength, home: p.home, away: p.away, elapsed: p.told };
      if (!(slot.sport === 'tennis' && (p.home === 2 || p.away === 2))) out.push({ type: 'odds', eventId, markets: priceMarkets(state) });
    }
    if (now >= end && p.resulted === 0) {
      out.push({ type: 'result', eventId, outcome: finalOutcome(slot, p, 1), version: 1 });
      p.resulted = 1;
    }
    if (slot.corrected && p.resulted === 1 && now >= end + 5 * minuteMs) {
      out.push({ type: 'result', eventId, outcome: finalOutcome(slot, p, 2), version: 2 });
      p.resulted = 2;
    }
  };

  /** One outright per competition and day: who finishes the day's table first (a dead heat now and then). */
  const tellOutrights = (now: number, out: FeedMessage[]) => {
    const day = Math.floor(now / 86_400_000);
    for (const sport of SPORT_IDS) {
      for (const competition of COMPETITIONS[sport]) {
        for (const d of [day - 1, day]) {
          const id = `sim:${options.seed}:outright:${competition.id}:${d}`;
          const random = prng(hash(id));
          const weights = competition.teams.map(() => 0.5 + random());
          const total = weights.reduce((a, b) => a + b, 0);
          const chances = competition.teams.map((code, i) => ({ code, chance: (weights[i] as number) / total }));
          const startsAt = (d + 1) * 86_400_000 - MINUTE;
          if (!outrightsTold.has(id) && now < startsAt + 60 * MINUTE) {
            outrightsTold.add(id);
            out.push({
              type: 'fixture',
              fixture: {
                id,
                sport,
                competition: { id: competition.id, name: competition.name, region: competition.region, top: competition.top },
                kind: 'outright',
                home: competition.name,
                away: '',
                startsAt,
                markets: [priceOutright(chances)],
              },
            });
          }
          if (now >= startsAt && !outrightsResulted.has(id)) {
            outrightsResulted.add(id);
            let pick = random() * 1;
            let winner = chances[0]?.code as string;
            for (const c of chances) {
              pick -= c.chance;
              if (pick <= 0) {
                winner = c.code;
                break;
              }
            }
            const winners = random() < 0.2 ? [winner, chances.find((c) => c.code !== winner)?.code as string] : [winner];
            out.push({ type: 'result', eventId: id, outcome: { home: 0, away: 0, winners }, version: 1 });
          }
        }
      }
    }
  };

  // A slot is made (and priced) once, not at every poll: the window of a poll holds a few
  // hundred of them, and pricing a basketball match is thousands of score cells. Slots and
  // their progress are dropped once the window has passed them (the clock only moves on).
  const made = new Map<SportId, Map<number, Slot>>(SPORT_IDS.map((sport) => [sport, new Map()]));
  const slotsAround = (from: number, to: number, forget = false): Slot[] => {
    const slots: Slot[] = [];
    for (const sport of SPORT_IDS) {
      const first = Math.floor((from - lookback - durationMs(sport) * 1.2 - spacing) / spacing);
      const last = Math.ceil(to / spacing);
      const cache = made.get(sport) as Map<number, Slot>;
      if (forget)
        for (const [index, slot] of cache)
          if (index < first) {
            cache.delete(index);
            progress.delete(slot.id);
          }
      for (let index = Math.max(0, first); index <= last; index++) {
        let slot = cache.get(index);
        if (!slot) {
          slot = slotOf(sport, index);
          cache.set(index, slot);
        }
        if (slot.fixture.startsAt + durationMs(sport) + 10 * minuteMs + lookback >= from && slot.fixture.startsAt <= to) slots.push(slot);
      }
    }
    return slots;
  };

  return {
    name: 'simulated',
    async poll() {
      const now = options.clock.now();
      const out: FeedMessage[] = [];
      for (const slot of slotsAround(now, now + horizon, true)) tellSlot(slot, now, out);
      tellOutrights(now, out);
      return out;
    },
    slotsBetween(from, to) {
      return slotsAround(from, to).map((s) => s.fixture);
    },
  };
}
