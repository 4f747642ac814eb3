// Code loaded when first needed (a dialog, an account tab, the game player), shown as soon as
// it has arrived. React.lazy under <Suspense> would do the loading too, but React 19 holds a
// boundary's content back until its fallback has been up for 300 ms (FALLBACK_THROTTLE_MS),
// so every first opening of such a part waited that long after its code was there: the login
// dialog of a "Log in" link appeared 300 ms after its last chunk had loaded. Here the part is
// state: rendered once its module is in, in the same frame.
import { type ReactNode, useEffect, useReducer, useState } from 'react';

export interface OnDemand<T> {
  /** The module's default export once it has loaded. */
  get(): T | undefined;
  /** Loads the module (once; a failed load is tried again next time). */
  load(): Promise<T>;
}

export function onDemand<T>(importer: () => Promise<{ default: T }>): OnDemand<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    get: () => value,
    load: () => {
      pending ??= importer().then(
        (module) => {
          value = module.default;
          return value;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
}

/**
 * The export of `part` once loaded (the load starts with the first render that asks for it),
 * undefined until then. A load that fails is thrown from the render, as React.lazy does, for
 * the nearest error boundary.
 */
export function useOnDemand<T>(part: OnDemand<T> | undefined): T | undefined {
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  const [failure, setFailure] = useState<{ error: unknown }>();
  useEffect(() => {
    if (!part || part.get() !== undefined) return;
    let live = true;
    part.load().then(
      () => live && arrived(),
      (error: unknown) => live && setFailure({ error }),
    );
    return () => {
      live = false;
    };
  }, [part]);
  if (failure) throw failure.error;
  return part?.get();
}

/** `show` with the part's export once it has loaded, nothing before (a render's switch over several parts). */
export function when<T>(part: OnDemand<T>, show: (loaded: T) => ReactNode): ReactNode {
  const loaded = part.get();
  return loaded === undefined ? null : show(loaded);
}
