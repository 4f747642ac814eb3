// The /fairness page's form: what a player types to check a round. A seeded round takes the
// revealed server seed, its hash (optional), the client seed and the nonce; a crash round
// its seed, its number in the chain and the chain's end. Messages are `fairness` keys
// (and `field_required`), shown under each field.
import { CLIENT_SEED_PATTERN } from '../fairness.ts';
import { CRASH_CHAIN_MAX } from '../fairness-verify.ts';
import { text, z } from './common.ts';

const HEX_64 = /^[0-9a-fA-F]{64}$/;

export interface FairnessFormValues {
  [field: string]: string;
  engine: string;
  variant: string;
  server: string;
  hash: string;
  client: string;
  nonce: string;
  seed: string;
  number: string;
  chain: string;
}

export const fairnessForm = z
  .object({
    engine: text({ max: 20 }),
    variant: text({ max: 40 }),
    server: text({ max: 64, trim: true, tooLong: 'invalid_seed' }),
    hash: text({ max: 64, trim: true, tooLong: 'invalid_hash' }),
    client: text({ max: 64, trim: true, tooLong: 'invalid_client_seed' }),
    nonce: text({ max: 9, trim: true, tooLong: 'invalid_nonce' }),
    seed: text({ max: 64, trim: true, tooLong: 'invalid_seed' }),
    number: text({ max: 9, trim: true, tooLong: 'invalid_round_number' }),
    chain: text({ max: 64, trim: true, tooLong: 'invalid_hash' }),
  })
  .superRefine((v, ctx) => {
    const problem = (path: keyof FairnessFormValues, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const hex = (path: keyof FairnessFormValues, value: string, message: string, optional = false) => {
      if (value === '') {
        if (!optional) problem(path, 'field_required');
      } else if (!HEX_64.test(value)) problem(path, message);
    };
    const whole = (path: keyof FairnessFormValues, value: string, min: number, max: number, message: string) => {
      if (value === '') problem(path, 'field_required');
      else if (!/^\d{1,9}$/.test(value) || Number(value) < min || Number(value) > max) problem(path, message);
    };
    if (v.engine === 'crash') {
      hex('seed', v.seed, 'invalid_seed');
      whole('number', v.number, 1, CRASH_CHAIN_MAX, 'invalid_round_number');
      hex('chain', v.chain, 'invalid_hash');
      return;
    }
    hex('server', v.server, 'invalid_seed');
    hex('hash', v.hash, 'invalid_hash', true);
    if (v.client === '') problem('client', 'field_required');
    else if (!CLIENT_SEED_PATTERN.test(v.client)) problem('client', 'invalid_client_seed');
    whole('nonce', v.nonce, 0, 999_999_999, 'invalid_nonce');
  });
