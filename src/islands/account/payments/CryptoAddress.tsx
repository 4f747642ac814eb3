// A crypto deposit: the player's address for the named coin, its QR code, the minimum
// in the wallet's currency, and that only that coin is credited (SPEC §5).
import { useState } from 'react';
import type { DepositReply } from '../../../shared/payments.ts';
import type { Locale } from '../../../shared/locales.ts';
import { fmt } from '../text.ts';
import { moneyIn, type Texts } from './text.ts';

type AddressReply = Extract<DepositReply, { reply: 'address' }>;

export function CryptoAddress({ reply, texts, locale }: { reply: AddressReply; texts: Texts; locale: Locale }) {
  const { p } = texts;
  const [copied, setCopied] = useState(false);
  const title = fmt(p.crypto_address, reply.coin);
  return (
    <div className="pay-crypto" data-testid="crypto-address">
      <h4>{title}</h4>
      {/* The QR code is an SVG of our server's, shown as an image: nothing in it runs. */}
      <img className="pay-qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(reply.qr)}`} alt={title} width={180} height={180} />
      <p className="pay-address">
        <code data-testid="crypto-address-text">{reply.address}</code>
      </p>
      <button
        type="button"
        className="btn btn-outline btn-small"
        onClick={() => {
          void navigator.clipboard?.writeText(reply.address).then(
            () => setCopied(true),
            () => {},
          );
        }}
      >
        {p.copy_address}
      </button>
      <span role="status" className="acct-hint">
        {copied ? p.copied : ''}
      </span>
      <p className="alert alert-danger pay-coin-warning">{fmt(p.crypto_only_coin, reply.coin)}</p>
      <p className="acct-note">{fmt(p.crypto_min, moneyIn(locale, reply.currency)(reply.min_amount))}</p>
      <p className="acct-note">{p.crypto_waiting}</p>
    </div>
  );
}
