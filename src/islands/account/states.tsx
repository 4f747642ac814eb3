// The lines an account tab shows while its data is not there: loading, or a load that
// failed with a retry. One place, so every tab says it the same way to a screen reader
// (a status while busy, an alert when it failed).
import { useStore } from '@nanostores/react';
import { accountText } from './text.ts';

/** "Loading…" with a spinner, announced as a busy status. */
export function Loading() {
  const t = useStore(accountText);
  return (
    <p className="acct-state" role="status" aria-busy="true">
      <span className="spinner" aria-hidden="true" /> {t.loading}
    </p>
  );
}

/** "Could not load" as an alert, with a retry when one is given. */
export function LoadFailed({ retry }: { retry?: (() => void) | undefined }) {
  const t = useStore(accountText);
  return (
    <p className="alert alert-danger" role="alert">
      {t.load_failed}
      {retry && (
        <>
          {' '}
          <button type="button" className="link-button" onClick={retry}>
            {t.retry}
          </button>
        </>
      )}
    </p>
  );
}

/** A tab's body until its data is there (loading, or failed with `retry`); null once it is. */
export function NotLoaded({ state, retry }: { state: { failed?: boolean; data?: unknown }; retry: () => void }) {
  if (state.data) return null;
  return state.failed ? <LoadFailed retry={retry} /> : <Loading />;
}
