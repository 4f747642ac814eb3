import { z } from './common.ts';

export const ipStackParams = z.object({ ip: z.union([z.ipv4(), z.ipv6()], { error: 'invalid_ip' }) }).loose();
