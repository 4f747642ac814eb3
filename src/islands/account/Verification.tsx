import { useStore } from '@nanostores/react';
import { type SubmitEvent, useEffect, useId, useRef, useState } from 'react';
import { formatDate } from '../../lib/format.ts';
import type { DocumentKind, VerificationView } from '../../shared/identity.ts';
import { $verification, loadVerification, uploadDocument } from '../../stores/identity.ts';
import * as en from '../../../locales/en.json';
import { i18n } from '../../stores/i18n.ts';
import { fmt, textOf, validationText } from './text.ts';
import { NotLoaded } from './states.tsx';

// Its own texts live in this tab's chunk, not in the code every tab shares.
const verificationText = i18n('verification', en.verification);

/** "5 MB" from bytes: the size limit the server announces. */
const megabytes = (bytes: number) => `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;

/** The Verification tab: the status with its reason, an upload for each document, and what was sent. */
export default function Verification() {
  const x = useStore(verificationText);
  const state = useStore($verification);

  useEffect(() => {
    void loadVerification();
  }, []);

  if (!state.data) return <NotLoaded state={state} retry={() => void loadVerification()} />;
  const v = state.data;
  const open = v.status === 'unverified' || v.status === 'more_needed' || v.status === 'pending';
  return (
    <div className="acct-verification" data-testid="verification">
      <p className="acct-intro">{x.intro}</p>
      <Status view={v} />
      {open && (
        <div className="acct-form-grid">
          <UploadForm kind="identity" maxBytes={v.max_bytes} />
          <UploadForm kind="address" maxBytes={v.max_bytes} />
        </div>
      )}
      <Documents view={v} />
    </div>
  );
}

function Status({ view }: { view: VerificationView }) {
  const x = useStore(verificationText);
  const reason = view.reason ? (textOf(x, `reason_${view.reason}`) ?? '') : '';
  const text =
    view.status === 'refused'
      ? fmt(x.status_refused, reason)
      : view.status === 'more_needed'
        ? fmt(x.status_more_needed, x[`kind_${view.requested_kind ?? 'identity'}`], reason)
        : x[`status_${view.status}`];
  const tone = view.status === 'verified' ? 'success' : view.status === 'refused' ? 'danger' : view.status === 'more_needed' ? 'warning' : 'info';
  return (
    <section className="card acct-box">
      <h2 className="acct-subtitle">{x.status_heading}</h2>
      <p className={`alert alert-${tone}`} role="status" aria-live="polite" data-testid="verification-status" data-status={view.status}>
        {text}
      </p>
    </section>
  );
}

function UploadForm({ kind, maxBytes }: { kind: DocumentKind; maxBytes: number }) {
  const x = useStore(verificationText);
  const v = useStore(validationText);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (busy) return;
    setError(undefined);
    setDone(false);
    const file = input.current?.files?.[0];
    if (!file) {
      setError(x.document_required);
      return;
    }
    setBusy(true);
    const result = await uploadDocument(kind, file);
    setBusy(false);
    if (!result.ok) {
      setError(textOf(x, result.message) ?? textOf(v, result.message) ?? v.action_failed);
      return;
    }
    setDone(true);
    if (input.current) input.current.value = '';
  }

  return (
    <form className="card acct-box acct-form" onSubmit={submit} noValidate data-testid={`upload-${kind}`}>
      <div className={`field${error ? ' is-invalid' : ''}`}>
        <label htmlFor={id}>{x[`${kind}_label`]}</label>
        <input
          ref={input}
          id={id}
          name="file"
          type="file"
          accept="image/jpeg,image/png,image/webp,application/pdf,.jpg,.jpeg,.png,.webp,.pdf"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-feedback` : ''}`}
        />
        <span id={`${id}-hint`} className="acct-hint">
          {fmt(x.file_hint, megabytes(maxBytes))}
        </span>
        {error && (
          <span id={`${id}-feedback`} className="feedback" role="alert">
            {error}
          </span>
        )}
      </div>
      {done && (
        <p className="alert alert-success" role="status">
          {x.uploaded}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="btn btn-secondary" disabled={busy}>
          {busy ? x.uploading : x.upload}
        </button>
      </div>
    </form>
  );
}

function Documents({ view }: { view: VerificationView }) {
  const x = useStore(verificationText);
  return (
    <section className="card acct-box">
      <h2 className="acct-subtitle">{x.documents_heading}</h2>
      {view.documents.length === 0 ? (
        <p>{x.no_documents}</p>
      ) : (
        <div className="acct-table-wrap">
          <table className="acct-table" data-testid="documents">
            <thead>
              <tr>
                <th scope="col">{x.col_document}</th>
                <th scope="col">{x.col_date}</th>
                <th scope="col">{x.col_state}</th>
              </tr>
            </thead>
            <tbody>
              {view.documents.map((d) => (
                <tr key={d.id}>
                  <td>{x[`kind_${d.kind}`]}</td>
                  <td>{formatDate(d.created_at, true)}</td>
                  <td>{x[`doc_${d.status}`]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
