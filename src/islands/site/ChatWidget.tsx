import { useStore } from '@nanostores/react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import en from '../../../locales/en.json';
import { call } from '../../lib/api.ts';
import { local } from '../../lib/browser.ts';
import { formatDate } from '../../lib/format.ts';
import type { Locale } from '../../shared/locales.ts';
import { i18n, syncLocale } from '../../stores/i18n.ts';
import { $session } from '../../stores/session.ts';
import { $settings, loadSettings } from '../../stores/settings.ts';

const messages = i18n('chat', en.chat);
const POLL_MS = 5000;
const CHAT_ID_KEY = 'front.chatId';

interface ChatMessage {
  id: number;
  from: 'visitor' | 'support';
  text: string;
  createdAt: string;
}

/**
 * The support chat, bottom right on every page. It talks to our support inbox
 * (front/chat_send, front/chat_history, polled while open); when the settings name a
 * third-party chat script, that script is loaded instead.
 */
export default function ChatWidget({ locale }: { locale: Locale }) {
  syncLocale(locale);
  const t = useStore(messages);
  const settings = useStore($settings, { ssr: 'initial' });
  const session = useStore($session, { ssr: 'initial' });
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<ChatMessage[]>([]);
  const [text, setText] = useState('');
  const [failed, setFailed] = useState(false);
  const [sending, setSending] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const lastId = useRef(0);

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
      const reply = await call<{ chatMessages: ChatMessage[] }>('front/chat_history', { chatId, after: lastId.current });
      if (reply.chatMessages.length > 0) {
        lastId.current = Math.max(lastId.current, ...reply.chatMessages.map((m) => m.id));
        setItems((old) => [...old, ...reply.chatMessages.filter((m) => !old.some((o) => o.id === m.id))]);
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

  async function send(e: FormEvent) {
    e.preventDefault();
    const line = text.trim();
    if (!line || sending) return;
    setSending(true);
    setFailed(false);
    try {
      const reply = await call<{ status: number; chatId: string | null; chatMessage: ChatMessage }>('front/chat_send', { text: line, chatId });
      if (reply.chatId && !session.loggedIn) local.set(CHAT_ID_KEY, reply.chatId);
      lastId.current = Math.max(lastId.current, reply.chatMessage.id);
      setItems((old) => [...old, reply.chatMessage]);
      setText('');
    } catch {
      setFailed(true);
    } finally {
      setSending(false);
    }
  }

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
              <li key={m.id} className={m.from === 'support' ? 'chat-support' : 'chat-visitor'}>
                <span className="visually-hidden">{m.from === 'support' ? t.support : t.you}: </span>
                {m.text}
                <time dateTime={m.createdAt}>{formatDate(m.createdAt, true).slice(11, 16)}</time>
              </li>
            ))}
          </ol>
          {failed && (
            <p className="chat-error" role="alert">
              {t.failed}
            </p>
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
            <button type="submit" className="btn btn-secondary btn-small" disabled={sending || text.trim() === ''}>
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
