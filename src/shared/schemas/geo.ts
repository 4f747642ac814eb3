import { text, z } from './common.ts';

export const ipStackParams = z.object({ ip: text({ max: 45, tooLong: 'invalid_ip' }).pipe(z.union([z.ipv4(), z.ipv6()], { error: 'invalid_ip' })) }).loose();
