// What we email, in the player's language. Only the server writes these words: no
// request can put its own text in a mail of ours (a phishing relay otherwise).
// Translated for English and every language of the sign-up picker; every other locale
// gets English (au, ca, sg and in are English variants anyway).
import { DEFAULT_LOCALE, isLocale, LANGUAGE_TAG, type Locale, localizePath } from '../../shared/locales.ts';

export type MailKind = 'activation' | 'reset' | 'username' | 'supportReply' | 'chatReply';

interface Text {
  subject: string;
  /** Paragraphs separated by blank lines; `{name}` placeholders. */
  body: string;
}

type Language = 'en' | 'fr' | 'fi' | 'de' | 'it' | 'se' | 'no';

const TEXTS: Record<Language, Record<MailKind, Text>> = {
  en: {
    activation: {
      subject: 'Confirm your email address – Casino Eagles',
      body: 'Hello {username},\n\nThank you for registering at Casino Eagles. Your account is ready to use. Please confirm your email address by opening this link:\n\n{link}\n\nThe link is valid for 7 days. If you did not create this account, you can ignore this email.\n\nCasino Eagles',
    },
    reset: {
      subject: 'Reset your password – Casino Eagles',
      body: 'Hello {username},\n\nWe received a request to reset the password of your Casino Eagles account. To choose a new password, open this link within one hour:\n\n{link}\n\nThe link works only once. If you did not ask for this, ignore this email: your password stays unchanged.\n\nCasino Eagles',
    },
    username: {
      subject: 'Your username – Casino Eagles',
      body: 'Hello,\n\nYou asked which username belongs to this email address at Casino Eagles. Usernames registered with it:\n\n{usernames}\n\nLog in here: {link}\n\nIf you did not ask for this, you can ignore this email.\n\nCasino Eagles',
    },
    supportReply: {
      subject: 'Reply from Casino Eagles support',
      body: 'Hello {name},\n\nOur support team has answered your message:\n\n{reply}\n\nYour message:\n{original}\n\nCasino Eagles support',
    },
    chatReply: {
      subject: 'Reply from Casino Eagles support',
      body: 'Hello,\n\nOur support team has answered you in the chat:\n\n{reply}\n\nYou wrote:\n{original}\n\nThe answer is also in the chat on our site, in the browser you wrote from.\n\nCasino Eagles support',
    },
  },
  fr: {
    activation: {
      subject: 'Confirmez votre adresse e-mail – Casino Eagles',
      body: "Bonjour {username},\n\nMerci de votre inscription sur Casino Eagles. Votre compte est prêt à l'emploi. Veuillez confirmer votre adresse e-mail en ouvrant ce lien :\n\n{link}\n\nCe lien est valable 7 jours. Si vous n'avez pas créé ce compte, vous pouvez ignorer cet e-mail.\n\nCasino Eagles",
    },
    reset: {
      subject: 'Réinitialisez votre mot de passe – Casino Eagles',
      body: "Bonjour {username},\n\nNous avons reçu une demande de réinitialisation du mot de passe de votre compte Casino Eagles. Pour choisir un nouveau mot de passe, ouvrez ce lien dans l'heure qui suit :\n\n{link}\n\nLe lien ne fonctionne qu'une seule fois. Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.\n\nCasino Eagles",
    },
    username: {
      subject: "Votre nom d'utilisateur – Casino Eagles",
      body: "Bonjour,\n\nVous avez demandé quel nom d'utilisateur est associé à cette adresse e-mail sur Casino Eagles. Noms d'utilisateur enregistrés avec elle :\n\n{usernames}\n\nConnectez-vous ici : {link}\n\nSi vous n'avez rien demandé, vous pouvez ignorer cet e-mail.\n\nCasino Eagles",
    },
    supportReply: {
      subject: 'Réponse du support Casino Eagles',
      body: "Bonjour {name},\n\nNotre équipe d'assistance a répondu à votre message :\n\n{reply}\n\nVotre message :\n{original}\n\nL'assistance Casino Eagles",
    },
    chatReply: {
      subject: 'Réponse du support Casino Eagles',
      body: "Bonjour,\n\nNotre service client vous a répondu dans le chat :\n\n{reply}\n\nVous avez écrit :\n{original}\n\nLa réponse se trouve aussi dans le chat de notre site, dans le navigateur depuis lequel vous avez écrit.\n\nL'assistance Casino Eagles",
    },
  },
  fi: {
    activation: {
      subject: 'Vahvista sähköpostiosoitteesi – Casino Eagles',
      body: 'Hei {username},\n\nkiitos rekisteröitymisestä Casino Eaglesiin. Tilisi on heti käytettävissä. Vahvista sähköpostiosoitteesi avaamalla tämä linkki:\n\n{link}\n\nLinkki on voimassa 7 päivää. Jos et luonut tätä tiliä, voit jättää tämän viestin huomiotta.\n\nCasino Eagles',
    },
    reset: {
      subject: 'Vaihda salasanasi – Casino Eagles',
      body: 'Hei {username},\n\nsaimme pyynnön vaihtaa Casino Eagles -tilisi salasana. Valitse uusi salasana avaamalla tämä linkki tunnin kuluessa:\n\n{link}\n\nLinkki toimii vain kerran. Jos et pyytänyt tätä, voit jättää viestin huomiotta: salasanasi pysyy ennallaan.\n\nCasino Eagles',
    },
    username: {
      subject: 'Käyttäjätunnuksesi – Casino Eagles',
      body: 'Hei,\n\nkysyit, mikä käyttäjätunnus kuuluu tähän sähköpostiosoitteeseen Casino Eaglesissa. Osoitteella rekisteröidyt käyttäjätunnukset:\n\n{usernames}\n\nKirjaudu sisään täällä: {link}\n\nJos et pyytänyt tätä, voit jättää viestin huomiotta.\n\nCasino Eagles',
    },
    supportReply: {
      subject: 'Vastaus Casino Eaglesin asiakastuelta',
      body: 'Hei {name},\n\nasiakastukemme on vastannut viestiisi:\n\n{reply}\n\nViestisi:\n{original}\n\nCasino Eaglesin asiakastuki',
    },
    chatReply: {
      subject: 'Vastaus Casino Eaglesin asiakastuelta',
      body: 'Hei,\n\nasiakastukemme vastasi sinulle chatissa:\n\n{reply}\n\nKirjoitit:\n{original}\n\nVastaus näkyy myös sivustomme chatissa siinä selaimessa, josta kirjoitit.\n\nCasino Eaglesin asiakastuki',
    },
  },
  de: {
    activation: {
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse – Casino Eagles',
      body: 'Hallo {username},\n\nvielen Dank für Ihre Registrierung bei Casino Eagles. Ihr Konto ist sofort nutzbar. Bitte bestätigen Sie Ihre E-Mail-Adresse über diesen Link:\n\n{link}\n\nDer Link ist 7 Tage gültig. Wenn Sie dieses Konto nicht angelegt haben, können Sie diese E-Mail ignorieren.\n\nCasino Eagles',
    },
    reset: {
      subject: 'Passwort zurücksetzen – Casino Eagles',
      body: 'Hallo {username},\n\nwir haben eine Anfrage erhalten, das Passwort Ihres Casino-Eagles-Kontos zurückzusetzen. Um ein neues Passwort zu wählen, öffnen Sie innerhalb einer Stunde diesen Link:\n\n{link}\n\nDer Link funktioniert nur einmal. Wenn Sie dies nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.\n\nCasino Eagles',
    },
    username: {
      subject: 'Ihr Benutzername – Casino Eagles',
      body: 'Hallo,\n\nSie haben gefragt, welcher Benutzername bei Casino Eagles zu dieser E-Mail-Adresse gehört. Damit registrierte Benutzernamen:\n\n{usernames}\n\nHier anmelden: {link}\n\nWenn Sie dies nicht angefordert haben, können Sie diese E-Mail ignorieren.\n\nCasino Eagles',
    },
    supportReply: {
      subject: 'Antwort des Casino-Eagles-Supports',
      body: 'Hallo {name},\n\nunser Support-Team hat auf Ihre Nachricht geantwortet:\n\n{reply}\n\nIhre Nachricht:\n{original}\n\nIhr Casino-Eagles-Support',
    },
    chatReply: {
      subject: 'Antwort des Casino-Eagles-Supports',
      body: 'Hallo,\n\nunser Support-Team hat Ihnen im Chat geantwortet:\n\n{reply}\n\nSie schrieben:\n{original}\n\nDie Antwort steht auch im Chat auf unserer Website, in dem Browser, aus dem Sie geschrieben haben.\n\nIhr Casino-Eagles-Support',
    },
  },
  it: {
    activation: {
      subject: 'Conferma il tuo indirizzo email – Casino Eagles',
      body: 'Ciao {username},\n\ngrazie per esserti registrato su Casino Eagles. Il tuo conto è già utilizzabile. Conferma il tuo indirizzo email aprendo questo link:\n\n{link}\n\nIl link è valido per 7 giorni. Se non hai creato tu questo conto, puoi ignorare questa email.\n\nCasino Eagles',
    },
    reset: {
      subject: 'Reimposta la password – Casino Eagles',
      body: "Ciao {username},\n\nabbiamo ricevuto una richiesta di reimpostare la password del tuo conto Casino Eagles. Per scegliere una nuova password, apri questo link entro un'ora:\n\n{link}\n\nIl link funziona una sola volta. Se non hai fatto tu questa richiesta, ignora questa email: la tua password resta invariata.\n\nCasino Eagles",
    },
    username: {
      subject: 'Il tuo nome utente – Casino Eagles',
      body: 'Ciao,\n\nhai chiesto quale nome utente è associato a questo indirizzo email su Casino Eagles. Nomi utente registrati con questo indirizzo:\n\n{usernames}\n\nAccedi qui: {link}\n\nSe non hai fatto tu questa richiesta, puoi ignorare questa email.\n\nCasino Eagles',
    },
    supportReply: {
      subject: "Risposta dall'assistenza Casino Eagles",
      body: "Ciao {name},\n\nil nostro servizio di assistenza ha risposto al tuo messaggio:\n\n{reply}\n\nIl tuo messaggio:\n{original}\n\nL'assistenza Casino Eagles",
    },
    chatReply: {
      subject: "Risposta dall'assistenza Casino Eagles",
      body: "Ciao,\n\nil nostro servizio di assistenza ti ha risposto nella chat:\n\n{reply}\n\nHai scritto:\n{original}\n\nLa risposta si trova anche nella chat del nostro sito, nel browser da cui hai scritto.\n\nL'assistenza Casino Eagles",
    },
  },
  se: {
    activation: {
      subject: 'Bekräfta din e-postadress – Casino Eagles',
      body: 'Hej {username},\n\ntack för att du registrerade dig på Casino Eagles. Ditt konto kan användas direkt. Bekräfta din e-postadress genom att öppna den här länken:\n\n{link}\n\nLänken gäller i 7 dagar. Om du inte har skapat det här kontot kan du bortse från det här mejlet.\n\nCasino Eagles',
    },
    reset: {
      subject: 'Återställ ditt lösenord – Casino Eagles',
      body: 'Hej {username},\n\nvi har fått en begäran om att återställa lösenordet för ditt Casino Eagles-konto. Öppna den här länken inom en timme för att välja ett nytt lösenord:\n\n{link}\n\nLänken fungerar bara en gång. Om du inte har begärt detta kan du bortse från mejlet: ditt lösenord förblir oförändrat.\n\nCasino Eagles',
    },
    username: {
      subject: 'Ditt användarnamn – Casino Eagles',
      body: 'Hej,\n\ndu har frågat vilket användarnamn som hör till den här e-postadressen hos Casino Eagles. Användarnamn som registrerats med adressen:\n\n{usernames}\n\nLogga in här: {link}\n\nOm du inte har begärt detta kan du bortse från mejlet.\n\nCasino Eagles',
    },
    supportReply: {
      subject: 'Svar från Casino Eagles kundtjänst',
      body: 'Hej {name},\n\nvår kundtjänst har svarat på ditt meddelande:\n\n{reply}\n\nDitt meddelande:\n{original}\n\nCasino Eagles kundtjänst',
    },
    chatReply: {
      subject: 'Svar från Casino Eagles kundtjänst',
      body: 'Hej,\n\nvår kundtjänst har svarat dig i chatten:\n\n{reply}\n\nDu skrev:\n{original}\n\nSvaret finns också i chatten på vår webbplats, i den webbläsare du skrev från.\n\nCasino Eagles kundtjänst',
    },
  },
  no: {
    activation: {
      subject: 'Bekreft e-postadressen din – Casino Eagles',
      body: 'Hei {username},\n\ntakk for at du registrerte deg hos Casino Eagles. Kontoen din kan brukes med en gang. Bekreft e-postadressen din ved å åpne denne lenken:\n\n{link}\n\nLenken er gyldig i 7 dager. Hvis du ikke opprettet denne kontoen, kan du se bort fra denne e-posten.\n\nCasino Eagles',
    },
    reset: {
      subject: 'Tilbakestill passordet ditt – Casino Eagles',
      body: 'Hei {username},\n\nvi har mottatt en forespørsel om å tilbakestille passordet til Casino Eagles-kontoen din. Åpne denne lenken innen én time for å velge et nytt passord:\n\n{link}\n\nLenken fungerer bare én gang. Hvis du ikke ba om dette, kan du se bort fra denne e-posten: passordet ditt forblir uendret.\n\nCasino Eagles',
    },
    username: {
      subject: 'Brukernavnet ditt – Casino Eagles',
      body: 'Hei,\n\ndu har spurt hvilket brukernavn som hører til denne e-postadressen hos Casino Eagles. Brukernavn registrert med adressen:\n\n{usernames}\n\nLogg inn her: {link}\n\nHvis du ikke ba om dette, kan du se bort fra denne e-posten.\n\nCasino Eagles',
    },
    supportReply: {
      subject: 'Svar fra Casino Eagles kundeservice',
      body: 'Hei {name},\n\nkundeservice har svart på meldingen din:\n\n{reply}\n\nMeldingen din:\n{original}\n\nCasino Eagles kundeservice',
    },
    chatReply: {
      subject: 'Svar fra Casino Eagles kundeservice',
      body: 'Hei,\n\nkundeservice har svart deg i chatten:\n\n{reply}\n\nDu skrev:\n{original}\n\nSvaret finnes også i chatten på nettstedet vårt, i nettleseren du skrev fra.\n\nCasino Eagles kundeservice',
    },
  },
};

/** The locales whose mails are translated; every other one falls back to English. */
export const TRANSLATED_MAIL_LOCALES: readonly Locale[] = ['en', 'fr', 'fi', 'de', 'it', 'se', 'no', 'in'];

/** A stored `interface_local` as a site locale, English when it is none. */
export function siteLocale(locale: string | null | undefined): Locale {
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

function languageOf(locale: Locale): Language {
  return locale in TEXTS ? (locale as Language) : 'en';
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The subject, plain text and HTML of one mail; `params` fill the placeholders as plain text. */
export function renderMail(kind: MailKind, locale: string | null | undefined, params: Record<string, string>): RenderedMail {
  const site = siteLocale(locale);
  const { subject, body } = TEXTS[languageOf(site)][kind];
  const fill = (value: (name: string) => string) => body.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? value(name) : whole));
  const text = fill((name) => params[name] ?? '');
  const htmlBody = fill((name) => {
    const value = params[name] ?? '';
    return name === 'link' ? `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>` : escapeHtml(value);
  })
    .split('\n\n')
    .map((paragraph) => `<p>${paragraph.replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const html = `<!doctype html>\n<html lang="${LANGUAGE_TAG[site]}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>\n${htmlBody}\n</body></html>`;
  return { subject, text, html };
}

/** An absolute link to a page of the site in `locale`, with query parameters. */
export function siteLink(siteUrl: string, path: string, locale: string | null | undefined, query: Record<string, string> = {}): string {
  const url = new URL(localizePath(path, siteLocale(locale)), `${siteUrl}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}
