// The password rule of a jurisdiction profile: a minimum length, and for a strict market
// no password from a list of the most common ones (those long enough to pass the length:
// the list is what people type when asked for twelve characters, compared without case).
import type { JurisdictionProfile } from '../../shared/jurisdiction.ts';

const COMMON = new Set([
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123456123456',
  '123123123123',
  '111111111111',
  '000000000000',
  '121212121212',
  '147258369147',
  '987654321098',
  '1q2w3e4r5t6y',
  '1qaz2wsx3edc',
  'zaq12wsxcde3',
  'qwertyuiop12',
  'qwertyuiop123',
  'qwerty123456',
  'qwertyqwerty',
  'asdfghjkl123',
  'asdfasdfasdf',
  'zxcvbnm12345',
  'abcdefghijkl',
  'abcd12345678',
  'abc123abc123',
  'aaaaaaaaaaaa',
  'password1234',
  'password12345',
  'password123456',
  'passwordpassword',
  'password!234',
  'p@ssword1234',
  'p@ssw0rd1234',
  'passw0rd1234',
  'iloveyou1234',
  'iloveyou12345',
  'letmein12345',
  'welcome12345',
  'welcome123456',
  'changeme1234',
  'football1234',
  'baseball1234',
  'monkey123456',
  'dragon123456',
  'sunshine1234',
  'princess1234',
  'superman1234',
  'starwars1234',
  'trustno1trustno1',
  'administrator',
  'administrator1',
  'mypassword123',
  'secretpassword',
  'correcthorsebatterystaple',
]);

/** Why `password` breaks the profile's rule (a catalogue key), or undefined. */
export function passwordRefusal(profile: JurisdictionProfile, password: string): 'password_too_short' | 'password_too_common' | undefined {
  if ([...password].length < profile.password_min_length) return 'password_too_short';
  if (profile.refuse_common_passwords && COMMON.has(password.toLowerCase())) return 'password_too_common';
  return undefined;
}
