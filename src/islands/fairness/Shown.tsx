// A round's outcome drawn as its table showed it (reels, cards, pockets, numbers, dice), the
// /fairness page's side of src/shared/fairness-show.ts (the game panel draws the same lines).
import type { FairWords } from '../../lib/fairness-text.ts';
import { BELL_PATH, cardFace, DIE_FACES, type ShownItem, type ShownLine, SYMBOL_FACES } from '../../shared/fairness-show.ts';

function Item({ item, words }: { item: ShownItem; words: FairWords }) {
  switch (item.kind) {
    case 'reels':
      return (
        <span className="fair-reels" role="img" aria-label={words.reels(item.reels)}>
          {item.reels.map((reel, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a reel's place is its identity
            <span className="fair-reel" key={r}>
              {reel.map((symbol, row) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's place is its identity
                <span className="fair-sym" data-symbol={symbol} key={row}>
                  {symbol === 'bell' ? (
                    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true">
                      <path d={BELL_PATH} fill="currentColor" />
                    </svg>
                  ) : (
                    SYMBOL_FACES[symbol]
                  )}
                </span>
              ))}
            </span>
          ))}
        </span>
      );
    case 'cards':
      return (
        <span className="fair-cards">
          {item.cards.map((card, i) => {
            const face = cardFace(card);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a shoe may hold the same card twice
              <span className="fair-card" data-red={face.red ? '' : undefined} title={words.card(card)} key={i}>
                {face.rank}
                {face.suit}
              </span>
            );
          })}
        </span>
      );
    case 'pockets':
      return (
        <span className="fair-cards">
          {item.pockets.map((p) => (
            <span className="fair-pocket" data-color={p.color} key={p.label}>
              {p.label} {words.color(p.color)}
            </span>
          ))}
        </span>
      );
    case 'numbers':
      return (
        <span className="fair-numbers">
          {item.numbers.map((n) => (
            <span key={n}>{n}</span>
          ))}
        </span>
      );
    case 'dice':
      return (
        <span className="fair-dice">
          {item.dice.map((d, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: dice may show the same number
            <span key={i}>
              {DIE_FACES[d - 1]} {d}
            </span>
          ))}
        </span>
      );
    case 'path':
      return (
        <span className="fair-path" role="img" aria-label={words.bounces(item.path)}>
          {item.path.map((b) => (b ? '→' : '←')).join('')}
        </span>
      );
    case 'board':
      return (
        <span className="fair-board" role="img" aria-label={words.mines(item.mines)}>
          {item.mines.map((mine, cell) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a cell's place is its identity
            <span data-mine={String(mine)} key={cell}>
              {mine ? '✹' : ''}
            </span>
          ))}
        </span>
      );
  }
}

/** The lines of an outcome, each its label and what the table showed. */
export function Shown({ lines, words, testId }: { lines: readonly ShownLine[]; words: FairWords; testId?: string }) {
  return (
    <div className="fair-shown" data-testid={testId}>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines keep their order
        <div className="fair-line" key={i}>
          <span className="fair-line-label">{words.line(line)}</span>
          {line.item && <Item item={line.item} words={words} />}
        </div>
      ))}
    </div>
  );
}
