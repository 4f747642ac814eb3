import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { formatDate } from '../../lib/format.ts';
import type { MailboxMessage as Message } from '../../shared/contract/support.ts';
import { ListState, PER_PAGE, Pager, useLoad } from './list.tsx';
import { $unread, loadMessages, readMessage } from '../../stores/support.ts';
import { accountText, refusalOf, validationText } from './text.ts';

/** Tab 8: what support sent the player, newest first; opening a message marks it read. Texts are plain text, never HTML. */
export default function MailBox() {
  const t = useStore(accountText);
  const unread = useStore($unread);
  const v = useStore(validationText);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [opened, setOpened] = useState<Record<number, Message>>({});
  const [problem, setProblem] = useState<string | undefined>();
  const list = useLoad(() => loadMessages(page, PER_PAGE), `mail-${page}`);

  const rows = (list.data?.playerMessages.rows ?? []).map((m) => opened[m.id] ?? m);

  async function toggle(message: Message) {
    setProblem(undefined);
    if (open === message.id) {
      setOpen(null);
      return;
    }
    setOpen(message.id);
    if (message.read && opened[message.id]) return;
    const outcome = await readMessage(message);
    if (outcome.ok) setOpened((o) => ({ ...o, [message.id]: outcome.reply.playerMessage }));
    else setProblem(outcome.refused ? refusalOf(outcome.message, v, t) : v.action_failed);
  }

  return (
    <div className="acct-list">
      <ListState loaded={list} empty={t.mail_empty} isEmpty={rows.length === 0} />
      {rows.length > 0 && (
        <>
          {unread ? <p className="acct-note">{t.unread_count(unread)}</p> : null}
          <ul className="acct-mail" aria-label={t.mail_caption} aria-busy={list.loading} data-testid="mail-list">
            {rows.map((m) => {
              const expanded = open === m.id;
              return (
                <li key={m.id} className={`card acct-mail-item${m.read ? '' : ' is-unread'}`}>
                  <h3>
                    <button type="button" className="acct-mail-head" aria-expanded={expanded} aria-controls={`mail-${m.id}`} onClick={() => void toggle(m)}>
                      <span className="acct-mail-subject">
                        {!m.read && (
                          <span className="badge acct-unread">
                            <span aria-hidden="true">●</span> {t.unread}
                          </span>
                        )}{' '}
                        {m.subject || t.no_subject}
                      </span>
                      <time dateTime={m.createdAt}>{formatDate(m.createdAt, true)}</time>
                    </button>
                  </h3>
                  <div id={`mail-${m.id}`} className="acct-mail-body" hidden={!expanded}>
                    {expanded && problem ? (
                      <p className="alert alert-danger" role="alert">
                        {problem}
                      </p>
                    ) : (
                      <p>{m.text}</p>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {list.data && <Pager page={page} count={list.data.playerMessages.count} onPage={setPage} />}
    </div>
  );
}
