// Code loaded on first use (src/lib/on-demand.ts): loaded once however often it is asked
// for, at hand synchronously once in, and tried again after a failed load.
import { describe, expect, it, vi } from 'vitest';
import { onDemand, when } from '../../src/lib/on-demand.ts';

describe('onDemand', () => {
  it('loads the module once, however many ask at once, and then answers at once', async () => {
    const importer = vi.fn(async () => ({ default: 'the form' }));
    const part = onDemand(importer);
    expect(part.get()).toBeUndefined();
    expect(when(part, (form) => `shown: ${form}`)).toBeNull();
    const [a, b] = await Promise.all([part.load(), part.load()]);
    expect([a, b]).toEqual(['the form', 'the form']);
    expect(part.get()).toBe('the form');
    expect(when(part, (form) => `shown: ${form}`)).toBe('shown: the form');
    await part.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('passes a failed load on to its callers and tries again on the next request', async () => {
    const importer = vi
      .fn<() => Promise<{ default: string }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ default: 'the tab' });
    const part = onDemand(importer);
    await expect(part.load()).rejects.toThrow('dynamically imported module');
    expect(part.get()).toBeUndefined();
    expect(await part.load()).toBe('the tab');
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
