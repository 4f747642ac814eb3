// Coin addresses a withdrawal may be paid to: the shape (src/shared/payout.ts) and, where
// the address carries one, its checksum, so that a mistyped character is refused before
// money is sent where nobody can get it back. Base58Check (legacy addresses), bech32 and
// bech32m (SegWit, Taproot, BNB Beacon), CashAddr (Bitcoin Cash). Hex addresses of tokens
// on EVM chains (DAI, BUSD, BNB Smart Chain) are taken by shape: their mixed-case checksum
// (EIP-55) needs Keccak-256, which Node's crypto does not offer.
import { createHash } from 'node:crypto';
import { cryptoAddressShape } from '../../shared/payout.ts';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58Decode(text: string): Uint8Array | undefined {
  let n = 0n;
  for (const ch of text) {
    const digit = BASE58.indexOf(ch);
    if (digit < 0) return undefined;
    n = n * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  for (const ch of text) {
    if (ch !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest();

/** The version byte of a Base58Check address whose checksum holds, else undefined. */
function base58CheckVersion(address: string): number | undefined {
  const bytes = base58Decode(address);
  if (!bytes || bytes.length !== 25) return undefined;
  const payload = bytes.subarray(0, 21);
  const check = sha256(sha256(payload)).subarray(0, 4);
  return check.every((b, i) => b === bytes[21 + i]) ? bytes[0] : undefined;
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function bech32Polymod(values: number[]): number {
  const gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= gen[i] as number;
  }
  return chk >>> 0;
}

/** The human-readable part, the checksum variant and the 5-bit data of a bech32 string whose checksum holds. */
function bech32Decode(address: string): { hrp: string; variant: 'bech32' | 'bech32m'; data: number[] } | undefined {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return undefined;
  const a = address.toLowerCase();
  const sep = a.lastIndexOf('1');
  if (sep < 1 || sep + 7 > a.length || a.length > 90) return undefined;
  const hrp = a.slice(0, sep);
  const data = [...a.slice(sep + 1)].map((c) => BECH32.indexOf(c));
  if (data.some((d) => d < 0)) return undefined;
  const expanded = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31), ...data];
  const check = bech32Polymod(expanded);
  const variant = check === 1 ? 'bech32' : check === 0x2bc830a3 ? 'bech32m' : undefined;
  return variant ? { hrp, variant, data: data.slice(0, -6) } : undefined;
}

/** 5-bit groups to bytes; undefined when the padding is not zeros. */
function fromWords(words: number[]): number[] | undefined {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  for (const w of words) {
    acc = (acc << 5) | w;
    bits += 5;
    while (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
  }
  if (bits >= 5 || (acc & ((1 << bits) - 1)) !== 0) return undefined;
  return out;
}

/** A SegWit address (BIP 173 / BIP 350) of the chain `hrp`. */
function segwit(address: string, hrp: string): boolean {
  const decoded = bech32Decode(address);
  if (!decoded || decoded.hrp !== hrp || decoded.data.length < 1) return false;
  const [version, ...rest] = decoded.data as [number, ...number[]];
  const program = fromWords(rest);
  if (!program || version > 16 || program.length < 2 || program.length > 40) return false;
  if (version === 0) return decoded.variant === 'bech32' && (program.length === 20 || program.length === 32);
  return decoded.variant === 'bech32m';
}

function cashAddrPolymod(values: number[]): bigint {
  const gen = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n];
  let c = 1n;
  for (const d of values) {
    const c0 = c >> 35n;
    c = ((c & 0x07ffffffffn) << 5n) ^ BigInt(d);
    for (let i = 0; i < 5; i++) if ((c0 >> BigInt(i)) & 1n) c ^= gen[i] as bigint;
  }
  return c ^ 1n;
}

function cashAddr(address: string): boolean {
  const a = address.toLowerCase();
  const payload = a.startsWith('bitcoincash:') ? a.slice('bitcoincash:'.length) : a;
  const data = [...payload].map((c) => BECH32.indexOf(c));
  if (data.some((d) => d < 0)) return false;
  return cashAddrPolymod([...[...'bitcoincash'].map((c) => c.charCodeAt(0) & 31), 0, ...data]) === 0n;
}

/** Base58Check version bytes per coin (pay-to-key-hash and pay-to-script-hash). */
const VERSIONS: Record<string, number[]> = { BTC: [0x00, 0x05], BCH: [0x00, 0x05], LTC: [0x30, 0x32, 0x05], DASH: [0x4c, 0x10] };

/** Whether `address` is one `coin` can be sent to, its checksum included where it has one. */
export function validCryptoAddress(coin: string, address: string): boolean {
  const a = address.trim();
  if (!cryptoAddressShape(coin, a)) return false;
  const versions = VERSIONS[coin];
  const version = versions ? base58CheckVersion(a) : undefined;
  if (version !== undefined && versions?.includes(version)) return true;
  switch (coin) {
    case 'BTC':
      return segwit(a, 'bc');
    case 'LTC':
      return segwit(a, 'ltc');
    case 'BCH':
      return cashAddr(a);
    case 'BNB':
      return a.startsWith('0x') || bech32Decode(a)?.hrp === 'bnb';
    case 'DASH':
      return false;
    default:
      // DAI, BUSD: hex on an EVM chain; BTC.LN: a Lightning address. The shape is all there is.
      return true;
  }
}
