// Bingo's rules (src/shared/bingo.ts): tickets of the right shape, the draw a shuffle of
// the drum, the balls each prize needs, and the prize pool paid out to the cent, so the
// stated return (the pool's 85 % share of sales) is exact.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BINGO_GAMES,
  BINGO_POOL_SHARE,
  BINGO_RULES,
  type BingoGame,
  type BingoTicket,
  ballsToWin,
  bingoDrawOrder,
  bingoPrizes,
  bingoTicket,
} from '../../src/shared/bingo.ts';
import { fairRng, type Rng } from '../../src/shared/fairness.ts';

const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());
const stream = (seed: string, nonce = 0): Rng => fairRng(hmac, { serverSeed: seed, clientSeed: 'bingo-test', nonce });
const numbersOf = (ticket: BingoTicket) => ticket.flat().filter((n): n is number => n !== null);

describe('bingo tickets', () => {
  it('deals 90-ball tickets of three rows of five numbers, each column in its tens', () => {
    const rng = stream('tickets-90');
    for (let i = 0; i < 500; i++) {
      const ticket = bingoTicket('bingo-90', rng);
      expect(ticket).toHaveLength(3);
      for (const row of ticket) {
        expect(row).toHaveLength(9);
        expect(row.filter((n) => n !== null)).toHaveLength(5);
        row.forEach((n, c) => {
          if (n === null) return;
          expect(n).toBeGreaterThanOrEqual(c === 0 ? 1 : 10 * c);
          expect(n).toBeLessThanOrEqual(c === 8 ? 90 : 10 * c + 9);
        });
      }
      const numbers = numbersOf(ticket);
      expect(new Set(numbers).size).toBe(15);
      // Down a column the numbers rise.
      for (let c = 0; c < 9; c++) {
        const column = ticket.map((row) => row[c]).filter((n): n is number => n != null);
        expect(column).toEqual([...column].sort((a, b) => a - b));
      }
    }
  });

  it('deals 75-ball cards of five columns under B I N G O with a free centre', () => {
    const rng = stream('tickets-75');
    for (let i = 0; i < 500; i++) {
      const ticket = bingoTicket('bingo-75', rng);
      expect(ticket.map((row) => row.length)).toEqual([5, 5, 5, 5, 5]);
      expect(ticket[2]?.[2]).toBeNull();
      for (const [r, row] of ticket.entries()) {
        for (const [c, n] of row.entries()) {
          if (r === 2 && c === 2) continue;
          expect(n).toBeGreaterThanOrEqual(15 * c + 1);
          expect(n).toBeLessThanOrEqual(15 * c + 15);
        }
      }
      expect(new Set(numbersOf(ticket)).size).toBe(24);
    }
  });

  it('draws every ball of the drum once, in an order the seeds decide', () => {
    for (const game of BINGO_GAMES) {
      const order = bingoDrawOrder(game, stream('draw'));
      expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: BINGO_RULES[game].balls }, (_, i) => i + 1));
      expect(bingoDrawOrder(game, stream('draw'))).toEqual(order);
      expect(bingoDrawOrder(game, stream('draw', 1))).not.toEqual(order);
    }
  });
});

describe('bingo prizes', () => {
  /** The balls a prize needs, by daubing ball after ball (the page's automatic daubing). */
  function daubed(game: BingoGame, ticket: BingoTicket, order: number[]) {
    const lines = (marked: Set<number>) => {
      const full = (cells: (number | null)[]) => cells.every((n) => n === null || marked.has(n));
      const rows = ticket.filter(full).length;
      if (game === 'bingo-90') return rows;
      const cols = [0, 1, 2, 3, 4].filter((c) => full(ticket.map((row) => row[c] ?? null))).length;
      const diags = [0, 1].filter((d) => full([0, 1, 2, 3, 4].map((i) => ticket[i]?.[d === 0 ? i : 4 - i] ?? null))).length;
      return rows + cols + diags;
    };
    const marked = new Set<number>();
    const found: Partial<Record<'line' | 'two_lines' | 'full_house', number>> = {};
    order.forEach((ball, i) => {
      marked.add(ball);
      const n = lines(marked);
      if (n >= 1) found.line ??= i + 1;
      if (n >= 2) found.two_lines ??= i + 1;
      if (numbersOf(ticket).every((x) => marked.has(x))) found.full_house ??= i + 1;
    });
    return found;
  }

  it('knows after which ball each ticket has a line, two lines and a full house', () => {
    for (const game of BINGO_GAMES) {
      const rng = stream(`needs-${game}`);
      for (let i = 0; i < 200; i++) {
        const ticket = bingoTicket(game, rng);
        const order = bingoDrawOrder(game, rng);
        const found = daubed(game, ticket, order);
        const needs = ballsToWin(game, ticket, order);
        expect(needs.line).toBe(found.line);
        expect(needs.full_house).toBe(found.full_house);
        if (game === 'bingo-90') expect(needs.two_lines).toBe(found.two_lines);
      }
    }
  });

  it(`pays the whole pool, ${BINGO_POOL_SHARE * 100} % of sales, to the cent in every game: the stated return is exact`, { timeout: 60_000 }, () => {
    for (const game of BINGO_GAMES) {
      const rules = BINGO_RULES[game];
      const rng = stream(`pool-${game}`);
      let sales = 0;
      let paid = 0;
      for (let round = 0; round < 300; round++) {
        const tickets = Array.from({ length: 1 + rng.int(30) }, () => bingoTicket(game, rng));
        const order = bingoDrawOrder(game, rng);
        const { pool, endsAt, prizes } = bingoPrizes(game, tickets, order);
        sales += tickets.length * rules.price;
        expect(pool).toBe((tickets.length * rules.price * 85) / 100);
        expect(prizes.map((p) => p.prize)).toEqual(rules.prizes.map((p) => p.prize));
        // Each prize has its share of the pool, shared by the tickets that won it on its ball, at that ball.
        let left = pool;
        prizes.forEach((p, i) => {
          const share = i === prizes.length - 1 ? left : Math.floor(pool * (rules.prizes[i]?.share ?? 0));
          left -= share;
          expect(p.amount).toBe(share);
          expect(p.winners.reduce((s, w) => s + w.amount, 0)).toBe(p.amount);
          for (const w of p.winners) expect(ballsToWin(game, tickets[w.ticket] as BingoTicket, order)[p.prize]).toBe(p.ball);
          const amounts = p.winners.map((w) => w.amount);
          expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
          if (i > 0) expect(p.ball).toBeGreaterThanOrEqual(prizes[i - 1]?.ball ?? 0);
        });
        expect(endsAt).toBe(prizes[prizes.length - 1]?.ball);
        paid += prizes.reduce((s, p) => s + p.amount, 0);
      }
      expect(paid / sales).toBe(BINGO_POOL_SHARE);
    }
  });

  it('sells nothing, pays nothing: a game without tickets has no draw', () => {
    expect(bingoPrizes('bingo-90', [], bingoDrawOrder('bingo-90', stream('empty')))).toEqual({ pool: 0, endsAt: 0, prizes: [] });
  });
});
