import { useStore } from '@nanostores/react';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import * as en from '../../../locales/en.json';
import type { ChatMessage } from '../../shared/contract/support.ts';
import { local } from '../../lib/browser.ts';
import { formatTime } from '../../lib/format.ts';
import type { Locale } from '../../shared/locales.ts';
import { i18n, syncLocale } from '../../stores/i18n.ts';
import { $session } from '../../stores/session.ts';
import { $settings, loadSettings } from '../../stores/settings.ts';
import { chatHistory, saveChatEmail, sendChatLine } from '../../stores/support.ts';

const messages = i18n('chat', en.chat);
const validation = i18n('validation', en.validation);
const POLL_MS = 5000;
const CHAT_ID_KEY = 'front.chatId';
/** The address a guest left for the answers of their chat, to show it again on the next page. */
const CHAT_EMAIL_KEY = 'front.chatEmail';

/** The address left for the chat this browser holds now (a new chat id starts without one). */
function savedEmail(): string | null {
  try {
    const saved = JSON.parse(local.get(CHAT_EMAIL_KEY) ?? 'null') as { chatId?: string; email?: string } | null;
    return saved?.chatId && saved.chatId === local.get(CHAT_ID_KEY) ? (saved.email ?? null) : null;
  } catch {
    return null;
  }
}

/** A line in the list: from the server, or the visitor's own still on its way (or failed). */
interface ChatItem extends Partial<ChatMessage> {
  key: string;
  from: 'visitor' | 'support';
  text: string;
  state: 'sending' | 'sent' | 'failed';
}

const fromServer = (m: ChatMessage): ChatItem => ({ ...m, key: `m${m.id}`, state: 'sent' });

/** `message` in place of the line `key`, unless a poll brought it in already. */
function settle(items: ChatItem[], key: string, message: ChatMessage): ChatItem[] {
  if (items.some((i) => i.id === message.id)) return items.filter((i) => i.key !== key);
  return items.map((i) => (i.key === key ? fromServer(message) : i));
}

/**
 * The support chat, bottom right on every page. It talks to our support inbox
 * (front/chat_send, front/chat_history, polled while open); when the settings name a
 * third-party chat script, that script is loaded instead.
 */
export default function ChatWidget({ locale }: { locale: Locale }) {
  syncLocale(locale);
  const t = useStore(messages);
  const v = useStore(validation);
  const settings = useStore($settings, { ssr: 'initial' });
  const session = useStore($session, { ssr: 'initial' });
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<ChatItem[]>([]);
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const lastId = useRef(0);
  const localKeys = useRef(0);
  const [email, setEmail] = useState('');
  const [emailSaved, setEmailSaved] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [savingEmail, setSavingEmail] = useState(false);
  const emailId = useId();

  useEffect(() => {
    setEmailSaved(savedEmail());
  }, []);

  useEffect(() => {
    void loadSettings();
  }, []);

  // A third-party chat replaces ours entirely.
  const external = settings?.chatScriptUrl;
  useEffect(() => {
    if (!external || document.querySelector(`script[src="${external}"]`)) return;
    const script = document.createElement('script');
    script.src = external;
    script.async = true;
    document.body.append(script);
  }, [external]);

  const chatId = session.loggedIn ? null : local.get(CHAT_ID_KEY);
  const poll = useCallback(async () => {
    try {
      const chatMessages = await chatHistory(chatId, lastId.current);
      if (chatMessages.length > 0) {
        lastId.current = Math.max(lastId.current, ...chatMessages.map((m) => m.id));
        setItems((old) => [...old, ...chatMessages.filter((m) => !old.some((o) => o.id === m.id)).map(fromServer)]);
      }
    } catch (error) {
      console.error('chat history failed', error);
    }
  }, [chatId]);

  useEffect(() => {
    if (!open || (!chatId && !session.loggedIn)) return;
    void poll();
    const timer = setInterval(() => void poll(), POLL_MS);
    return () => clearInterval(timer);
  }, [open, chatId, session.loggedIn, poll]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever a message arrives
  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [items]);

  // The line shows at once as "sending", then "sent" or "not sent" with a way to send it again.
  async function deliver(key: string, line: string) {
    setItems((old) => old.map((i) => (i.key === key ? { ...i, state: 'sending' } : i)));
    try {
      const reply = await sendChatLine(line, session.loggedIn ? null : local.get(CHAT_ID_KEY), locale);
      if (reply.chatId && !session.loggedIn && reply.chatId !== local.get(CHAT_ID_KEY)) {
        local.set(CHAT_ID_KEY, reply.chatId);
        setEmailSaved(savedEmail());
      }
      lastId.current = Math.max(lastId.current, reply.chatMessage.id);
      setItems((old) => settle(old, key, reply.chatMessage));
    } catch {
      setItems((old) => old.map((i) => (i.key === key ? { ...i, state: 'failed' } : i)));
    }
  }

  function send(e: FormEvent) {
    e.preventDefault();
    const line = text.trim();
    if (!line || items.some((i) => i.state === 'sending')) return;
    const key = `local${++localKeys.current}`;
    setItems((old) => [...old, { key, from: 'visitor', text: line, state: 'sending' }]);
    setText('');
    void deliver(key, line);
  }

  async function saveEmail(e: FormEvent) {
    e.preventDefault();
    const id = local.get(CHAT_ID_KEY);
    const address = email.trim();
    if (!id || savingEmail) return;
    if (!address) {
      setEmailError(v.field_required);
      return;
    }
    setSavingEmail(true);
    setEmailError(undefined);
    const outcome = await saveChatEmail(id, address, locale);
    if (outcome.ok) {
      local.set(CHAT_EMAIL_KEY, JSON.stringify({ chatId: id, email: address }));
      setEmailSaved(address);
    } else {
      const key = outcome.refused ? undefined : outcome.errors?.email;
      setEmailError(key ? ((v as Record<string, string>)[key] ?? t.email_failed) : t.email_failed);
    }
    setSavingEmail(false);
  }

  // Waiting for support: the visitor spoke last and their line arrived.
  const last = items.at(-1);
  const waiting = last?.from === 'visitor' && last.state === 'sent';
  const sending = items.some((i) => i.state === 'sending');
  const [savedBefore = '', savedAfter = ''] = t.email_saved.split('{0}');

  if (external) return null;
  return (
    <div className="chat-widget">
      {open && (
        <section className="chat-panel card" aria-label={t.title}>
          <header className="chat-head">
            <h2>{t.title}</h2>
            <button type="button" className="icon-btn" onClick={() => setOpen(false)} aria-label={t.close_chat}>
              ✕
            </button>
          </header>
          <ol className="chat-list" ref={list} aria-live="polite">
            <li className="chat-support">{t.intro}</li>
            {items.map((m) => (
              <li
                key={m.key}
                className={m.from === 'support' ? 'chat-support' : `chat-visitor chat-${m.state}`}
                data-state={m.from === 'visitor' ? m.state : undefined}
              >
                <span className="visually-hidden">{m.from === 'support' ? t.support : t.you}: </span>
                {m.text}
                <span className="chat-meta">
                  {m.createdAt && <time dateTime={m.createdAt}>{formatTime(m.createdAt)}</time>}
                  {m.from === 'visitor' && <span className="chat-state">{m.state === 'sending' ? t.sending : m.state === 'sent' ? t.sent : t.not_sent}</span>}
                </span>
                {m.state === 'failed' && (
                  <button type="button" className="link-button chat-retry" onClick={() => void deliver(m.key, m.text)}>
                    {t.retry}
                  </button>
                )}
              </li>
            ))}
          </ol>
          {items.some((i) => i.state === 'failed') && (
            <p className="chat-error" role="alert">
              {t.failed}
            </p>
          )}
          {waiting && (
            <div className="chat-ack" role="status" data-testid="chat-ack">
              <p>{t.answer_time}</p>
              <p>{session.loggedIn ? t.answer_here_player : t.answer_here_guest}</p>
              {!session.loggedIn &&
                (emailSaved ? (
                  <p data-testid="chat-email-saved">
                    {savedBefore}
                    <strong>{emailSaved}</strong>
                    {savedAfter}
                  </p>
                ) : (
                  <form className="chat-email" onSubmit={saveEmail} noValidate>
                    <p>{t.email_offer}</p>
                    <label className="chat-email-label" htmlFor={emailId}>
                      {t.email_label}
                    </label>
                    <div className="chat-email-row">
                      <input
                        id={emailId}
                        className="chat-email-input"
                        name="email"
                        type="email"
                        autoComplete="email"
                        value={email}
                        maxLength={254}
                        onChange={(e) => setEmail(e.target.value)}
                        aria-invalid={emailError ? true : undefined}
                        aria-describedby={emailError ? `${emailId}-error` : undefined}
                      />
                      <button type="submit" className="btn btn-secondary btn-small" disabled={savingEmail}>
                        {t.email_save}
                      </button>
                    </div>
                    {emailError && (
                      <span id={`${emailId}-error`} className="chat-error" role="alert">
                        {emailError}
                      </span>
                    )}
                  </form>
                ))}
            </div>
          )}
          <form className="chat-form" onSubmit={send}>
            <label className="visually-hidden" htmlFor="chat-input">
              {t.placeholder}
            </label>
            <input
              id="chat-input"
              name="chat"
              value={text}
              maxLength={2000}
              placeholder={t.placeholder}
              onChange={(e) => setText(e.target.value)}
              autoComplete="off"
            />
            <button type="submit" className="btn btn-secondary btn-small" aria-busy={sending} disabled={sending || text.trim() === ''}>
              {t.send}
            </button>
          </form>
        </section>
      )}
      <button type="button" className="chat-launcher" aria-expanded={open} onClick={() => setOpen(!open)}>
        <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
          <path d="M4 4h16v11H8l-4 4z" fill="currentColor" />
        </svg>
        <span className="visually-hidden">{open ? t.close_chat : t.open_chat}</span>
      </button>
    </div>
  );
}
