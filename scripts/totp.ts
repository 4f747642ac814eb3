// Prints the current authenticator code of a TOTP secret, for a developer without an
// authenticator app at hand: `npm run totp` gives the demo staff account's code (the
// secret the development seed enrols), `npm run totp -- <base32 secret>` any other's.
import { generate } from 'otplib';
import { DEMO_STAFF_TOTP_SECRET } from '../src/server/demo/seed.ts';

const secret = (process.argv[2] ?? DEMO_STAFF_TOTP_SECRET).replace(/\s+/g, '').toUpperCase();
if (!/^[A-Z2-7]+=*$/.test(secret)) {
  console.error('expected a base32 secret (letters A-Z and digits 2-7)');
  process.exit(2);
}
const now = Date.now();
const code = await generate({ secret, epoch: Math.floor(now / 1000) });
const left = 30 - (Math.floor(now / 1000) % 30);
console.log(`${code}  (good for ${left} more seconds, and once)`);
