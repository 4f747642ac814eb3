// Offline IP → country lookup from an npm package of public registry data (CC0),
// so no visitor address leaves our servers and no key lives in the code. The tables
// load on first use (~0.5 s) and then answer in a binary search.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { dirname, join } from 'node:path';
import { normalizeIp } from '../net.ts';

interface Table<T extends Uint32Array | BigUint64Array> {
  starts: T;
  ends: T;
  countries: Uint16Array;
}

let v4: Table<Uint32Array> | undefined;
let v6: Table<BigUint64Array> | undefined;

const codeOf = (index: number) => String.fromCharCode(index >> 8, index & 0xff);
const indexOf = (code: string) => (code.charCodeAt(0) << 8) | code.charCodeAt(1);

function dataDir(): string {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve('@ip-location-db/geo-whois-asn-country/package.json'));
}

function loadV4(): Table<Uint32Array> {
  const lines = readFileSync(join(dataDir(), 'geo-whois-asn-country-ipv4-num.csv'), 'utf8').split('\n');
  const starts = new Uint32Array(lines.length);
  const ends = new Uint32Array(lines.length);
  const countries = new Uint16Array(lines.length);
  let n = 0;
  for (const line of lines) {
    const [a, b, c] = line.split(',');
    if (!a || !b || !c || c.length !== 2) continue;
    starts[n] = Number(a);
    ends[n] = Number(b);
    countries[n] = indexOf(c);
    n++;
  }
  return { starts: starts.subarray(0, n), ends: ends.subarray(0, n), countries: countries.subarray(0, n) };
}

// Registries allocate IPv6 in /48 or larger blocks: the upper 64 bits decide.
function loadV6(): Table<BigUint64Array> {
  const lines = readFileSync(join(dataDir(), 'geo-whois-asn-country-ipv6-num.csv'), 'utf8').split('\n');
  const starts = new BigUint64Array(lines.length);
  const ends = new BigUint64Array(lines.length);
  const countries = new Uint16Array(lines.length);
  let n = 0;
  for (const line of lines) {
    const [a, b, c] = line.split(',');
    if (!a || !b || !c || c.length !== 2) continue;
    starts[n] = BigInt(a) >> 64n;
    ends[n] = BigInt(b) >> 64n;
    countries[n] = indexOf(c);
    n++;
  }
  return { starts: starts.subarray(0, n), ends: ends.subarray(0, n), countries: countries.subarray(0, n) };
}

function search<T extends number | bigint>(table: { starts: ArrayLike<T>; ends: ArrayLike<T>; countries: Uint16Array }, key: T): string | undefined {
  let lo = 0;
  let hi = table.starts.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((table.starts[mid] as T) > key) hi = mid - 1;
    else if ((table.ends[mid] as T) < key) lo = mid + 1;
    else return codeOf(table.countries[mid] as number);
  }
  return undefined;
}

function v6High(address: string): bigint {
  // Expand "::" and any embedded IPv4 tail, then keep the first four groups.
  let text = address;
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4Tail?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = v4Tail[1].split('.').map(Number);
    text = text.replace(v4Tail[1], `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`);
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.slice(0, 4).reduce((acc, g) => (acc << 16n) | BigInt(Number.parseInt(g || '0', 16)), 0n);
}

/** The ISO 3166 alpha-2 country of an address, or undefined (private, reserved, unknown). */
export function countryOf(ip: string): string | undefined {
  const address = normalizeIp(ip);
  const family = isIP(address);
  if (family === 4) {
    v4 ??= loadV4();
    const n = address.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
    return search(v4, n);
  }
  if (family === 6) {
    v6 ??= loadV6();
    return search(v6, v6High(address));
  }
  return undefined;
}

/** Loads the tables now instead of on the first lookup. */
export function preloadCountries(): void {
  v4 ??= loadV4();
  v6 ??= loadV6();
}
