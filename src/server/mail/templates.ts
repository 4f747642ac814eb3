// What we email, in the player's language. Only the server writes these words: no
// request can put its own text in a mail of ours (a phishing relay otherwise).
// Translated for English and every language of the sign-up picker; every other locale
// gets English (au, ca, sg and in are English variants anyway).
import { DEFAULT_LOCALE, isLocale, LANGUAGE_TAG, type Locale, localizePath } from '../../shared/locales.ts';

export type MailKind = 'activation' | 'reset' | 'username' | 'supportReply' | 'chatReply' | 'staffEnrolment' | 'secondFactorFailures';

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
    staffEnrolment: {
      subject: 'Set up your second factor – Casino Eagles staff',
      body: 'Hello {username},\n\nAn administrator has asked you to set up the second factor of your Casino Eagles staff account. Log in with your password, then open this link:\n\n{link}\n\nIt opens the Security tab, where you add an authenticator app or a passkey. The link works once, for 24 hours. Then log out and log in again with your second factor to use the staff tools.\n\nIf you did not expect this email, tell an administrator.\n\nCasino Eagles',
    },
    secondFactorFailures: {
      subject: 'Wrong login codes on your account – Casino Eagles',
      body: 'Hello {username},\n\nSomeone entered your password correctly and then {count} wrong codes (from your authenticator app or recovery codes). If that was not you, someone else knows your password: change it now (My account › Change Password, or “Forgot Password?” in the login).\n\nTo protect your account, logins with codes from new places are slowed down for a while. A passkey, or the device you usually log in from, still gets you in.\n\nCasino Eagles',
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
    staffEnrolment: {
      subject: 'Configurez votre second facteur – personnel Casino Eagles',
      body: "Bonjour {username},\n\nUn administrateur vous demande de configurer le second facteur de votre compte du personnel Casino Eagles. Connectez-vous avec votre mot de passe, puis ouvrez ce lien :\n\n{link}\n\nIl ouvre l'onglet Sécurité, où vous ajoutez une application d'authentification ou une clé d'accès. Le lien ne fonctionne qu'une fois, pendant 24 heures. Déconnectez-vous ensuite et reconnectez-vous avec votre second facteur pour utiliser les outils du personnel.\n\nSi vous ne vous attendiez pas à cet e-mail, prévenez un administrateur.\n\nCasino Eagles",
    },
    secondFactorFailures: {
      subject: 'Codes de connexion erronés sur votre compte – Casino Eagles',
      body: "Bonjour {username},\n\nQuelqu'un a saisi correctement votre mot de passe, puis {count} codes erronés (de votre application d'authentification ou de vos codes de récupération). Si ce n'était pas vous, une autre personne connaît votre mot de passe : changez-le dès maintenant (Mon compte › Changer le mot de passe, ou « Mot de passe oublié ? » dans la connexion).\n\nPour protéger votre compte, les connexions par code depuis de nouveaux endroits sont ralenties pendant un certain temps. Une clé d'accès, ou l'appareil depuis lequel vous vous connectez habituellement, vous permet toujours d'entrer.\n\nCasino Eagles",
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
    staffEnrolment: {
      subject: 'Ota toinen tunnistustekijä käyttöön – Casino Eaglesin henkilökunta',
      body: 'Hei {username},\n\nylläpitäjä on pyytänyt sinua ottamaan käyttöön toisen tunnistustekijän Casino Eaglesin henkilökuntatilillesi. Kirjaudu sisään salasanallasi ja avaa sitten tämä linkki:\n\n{link}\n\nSe avaa Turvallisuus-välilehden, jossa lisäät todennussovelluksen tai pääsyavaimen. Linkki toimii kerran, 24 tunnin ajan. Kirjaudu sen jälkeen ulos ja uudelleen sisään toisella tunnistustekijällä, niin voit käyttää henkilökunnan työkaluja.\n\nJos et odottanut tätä viestiä, kerro siitä ylläpitäjälle.\n\nCasino Eagles',
    },
    secondFactorFailures: {
      subject: 'Vääriä kirjautumiskoodeja tililläsi – Casino Eagles',
      body: 'Hei {username},\n\njoku syötti salasanasi oikein ja sen jälkeen {count} väärää koodia (todennussovelluksesta tai palautuskoodeista). Jos se et ollut sinä, joku muu tietää salasanasi: vaihda se heti (Oma tili › Vaihda salasana, tai ”Unohtuiko salasana?” kirjautumisessa).\n\nTilisi suojaamiseksi koodilla kirjautumista uusista paikoista hidastetaan jonkin aikaa. Pääsyavaimella tai laitteelta, jolta tavallisesti kirjaudut, pääset yhä sisään.\n\nCasino Eagles',
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
    staffEnrolment: {
      subject: 'Richten Sie Ihren zweiten Faktor ein – Casino-Eagles-Mitarbeiter',
      body: 'Hallo {username},\n\nein Administrator bittet Sie, den zweiten Faktor Ihres Casino-Eagles-Mitarbeiterkontos einzurichten. Melden Sie sich mit Ihrem Passwort an und öffnen Sie dann diesen Link:\n\n{link}\n\nEr öffnet den Reiter Sicherheit, in dem Sie eine Authenticator-App oder einen Passkey hinzufügen. Der Link funktioniert einmal, 24 Stunden lang. Melden Sie sich danach ab und mit Ihrem zweiten Faktor wieder an, um die Mitarbeiterfunktionen zu nutzen.\n\nWenn Sie diese E-Mail nicht erwartet haben, sagen Sie es einem Administrator.\n\nCasino Eagles',
    },
    secondFactorFailures: {
      subject: 'Falsche Anmeldecodes für Ihr Konto – Casino Eagles',
      body: 'Hallo {username},\n\njemand hat Ihr Passwort richtig eingegeben und danach {count} falsche Codes (aus Ihrer Authenticator-App oder Wiederherstellungscodes). Wenn Sie das nicht waren, kennt jemand anderes Ihr Passwort: Ändern Sie es jetzt (Mein Konto › Passwort ändern, oder „Passwort vergessen?“ bei der Anmeldung).\n\nZum Schutz Ihres Kontos werden Anmeldungen mit Codes von neuen Orten eine Zeit lang verlangsamt. Mit einem Passkey oder von dem Gerät, mit dem Sie sich sonst anmelden, kommen Sie weiterhin hinein.\n\nCasino Eagles',
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
    staffEnrolment: {
      subject: 'Configura il tuo secondo fattore – staff Casino Eagles',
      body: "Ciao {username},\n\nun amministratore ti chiede di configurare il secondo fattore del tuo account dello staff Casino Eagles. Accedi con la tua password, poi apri questo link:\n\n{link}\n\nSi apre la scheda Sicurezza, dove aggiungi un'app di autenticazione o una passkey. Il link funziona una sola volta, per 24 ore. Poi esci e accedi di nuovo con il tuo secondo fattore per usare gli strumenti dello staff.\n\nSe non ti aspettavi questa email, avvisa un amministratore.\n\nCasino Eagles",
    },
    secondFactorFailures: {
      subject: 'Codici di accesso errati sul tuo account – Casino Eagles',
      body: "Ciao {username},\n\nqualcuno ha inserito correttamente la tua password e poi {count} codici errati (dalla tua app di autenticazione o dai codici di recupero). Se non sei stato tu, qualcun altro conosce la tua password: cambiala subito (Il mio conto › Cambia password, oppure «Password dimenticata?» nell'accesso).\n\nPer proteggere il tuo account, gli accessi con codice da nuovi luoghi vengono rallentati per un po'. Con una passkey, o dal dispositivo da cui accedi di solito, entri comunque.\n\nCasino Eagles",
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
    staffEnrolment: {
      subject: 'Konfigurera din andra faktor – Casino Eagles personal',
      body: 'Hej {username},\n\nen administratör har bett dig konfigurera den andra faktorn för ditt personalkonto hos Casino Eagles. Logga in med ditt lösenord och öppna sedan den här länken:\n\n{link}\n\nDen öppnar fliken Säkerhet, där du lägger till en autentiseringsapp eller en nyckel (passkey). Länken fungerar en gång, i 24 timmar. Logga sedan ut och in igen med din andra faktor för att använda personalverktygen.\n\nOm du inte väntade dig det här mejlet, säg till en administratör.\n\nCasino Eagles',
    },
    secondFactorFailures: {
      subject: 'Felaktiga inloggningskoder på ditt konto – Casino Eagles',
      body: 'Hej {username},\n\nnågon angav ditt lösenord korrekt och sedan {count} felaktiga koder (från din autentiseringsapp eller dina återställningskoder). Om det inte var du känner någon annan till ditt lösenord: byt det nu (Mitt konto › Byt lösenord, eller ”Glömt lösenordet?” vid inloggningen).\n\nFör att skydda ditt konto saktas inloggningar med kod från nya platser ned en tid. Med en nyckel (passkey), eller från enheten du brukar logga in från, kommer du fortfarande in.\n\nCasino Eagles',
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
    staffEnrolment: {
      subject: 'Sett opp den ekstra faktoren din – Casino Eagles ansatte',
      body: 'Hei {username},\n\nen administrator har bedt deg sette opp den ekstra faktoren for ansattkontoen din hos Casino Eagles. Logg inn med passordet ditt, og åpne så denne lenken:\n\n{link}\n\nDen åpner fanen Sikkerhet, der du legger til en autentiseringsapp eller en tilgangsnøkkel. Lenken fungerer én gang, i 24 timer. Logg deretter ut og inn igjen med den ekstra faktoren for å bruke verktøyene for ansatte.\n\nHvis du ikke ventet denne e-posten, si fra til en administrator.\n\nCasino Eagles',
    },
    secondFactorFailures: {
      subject: 'Feil innloggingskoder på kontoen din – Casino Eagles',
      body: 'Hei {username},\n\nnoen skrev inn passordet ditt riktig og deretter {count} feil koder (fra autentiseringsappen eller gjenopprettingskodene dine). Hvis det ikke var deg, kjenner noen andre passordet ditt: bytt det nå (Min konto › Endre passord, eller «Glemt passordet?» ved innlogging).\n\nFor å beskytte kontoen din blir innlogginger med kode fra nye steder bremset en stund. Med en tilgangsnøkkel, eller fra enheten du vanligvis logger inn fra, kommer du fortsatt inn.\n\nCasino Eagles',
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
