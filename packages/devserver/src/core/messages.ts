import type { Language } from '@portal/sdk';
import { authMessages } from './auth/messages.ts';
import { bookingMessages } from './booking/messages.ts';
import { chatMessages } from './chat/messages.ts';
import { contentMessages } from './content/messages.ts';
import { couponsMessages } from './coupons/messages.ts';
import { notificationsMessages } from './notifications/messages.ts';
import { patientsMessages } from './patients/messages.ts';
import { waitlistMessages } from './waitlist/messages.ts';

type Texts = Record<Language, string>;

/**
 * Every user-facing text the server sends (`UserMessage`, field `errorMessage`), in fi, sv and en.
 * `{name}` placeholders are filled from the error's params.
 */
const baseMessages = {
  // Error codes (the default message of each)
  'validation-failed': {
    fi: 'Tarkista merkityt kentät.',
    sv: 'Kontrollera de markerade fälten.',
    en: 'Check the highlighted fields.',
  },
  'bad-request': {
    fi: 'Pyyntö oli virheellinen.',
    sv: 'Begäran var felaktig.',
    en: 'The request was not valid.',
  },
  unauthorized: {
    fi: 'Kirjaudu sisään uudelleen.',
    sv: 'Logga in på nytt.',
    en: 'Please log in again.',
  },
  forbidden: {
    fi: 'Sinulla ei ole oikeutta tähän toimintoon.',
    sv: 'Du har inte behörighet till den här funktionen.',
    en: 'You do not have permission to do this.',
  },
  'terms-not-accepted': {
    fi: 'Hyväksy käyttöehdot jatkaaksesi.',
    sv: 'Godkänn användarvillkoren för att fortsätta.',
    en: 'Accept the terms of use to continue.',
  },
  'not-found': { fi: 'Tietoa ei löytynyt.', sv: 'Uppgiften hittades inte.', en: 'Not found.' },
  'slot-taken': {
    fi: 'Joku ehti varata tämän ajan. Valitse toinen aika.',
    sv: 'Någon hann boka den här tiden. Välj en annan tid.',
    en: 'This time was just booked by someone else. Please choose another time.',
  },
  'holds-full': {
    fi: 'Aikaa ei voi juuri nyt pitää varattuna sinulle. Voit silti varata sen.',
    sv: 'Tiden kan inte hållas åt dig just nu. Du kan ändå boka den.',
    en: 'This time cannot be held for you just now. You can still book it.',
  },
  'duplicate-reservation': {
    fi: 'Sinulla on jo varattu aika samaan palveluun ({reason}) {date} klo {time}. Pidä molemmat ajat tai siirrä se tähän aikaan.',
    sv: 'Du har redan en bokad tid för samma tjänst ({reason}) {date} kl. {time}. Behåll båda tiderna eller flytta den till den här tiden.',
    en: 'You already have a time booked for the same service ({reason}) on {date} at {time}. Keep both, or move that one to this time?',
  },
  'overlapping-reservation': {
    fi: 'Sinulla on jo varaus tähän aikaan: {reason} {date} klo {time}. Valitse toinen aika.',
    sv: 'Du har redan en bokning vid den här tiden: {reason} {date} kl. {time}. Välj en annan tid.',
    en: 'You already have an appointment at this time: {reason} on {date} at {time}. Please choose another time.',
  },
  'not-allowed-for-person': {
    fi: 'Et voi hoitaa tätä asiaa tämän henkilön puolesta. Valitse henkilö uudelleen.',
    sv: 'Du kan inte sköta det här ärendet för den här personens räkning. Välj person på nytt.',
    en: 'You cannot do this on behalf of this person. Please choose the person again.',
  },
  'slot-unavailable': {
    fi: 'Aika ei ole enää varattavissa. Valitse toinen aika.',
    sv: 'Tiden går inte längre att boka. Välj en annan tid.',
    en: 'This time is no longer available. Please choose another time.',
  },
  'inside-cancel-window': {
    fi: 'Varausta voi muuttaa tai perua verkossa 24 tuntia ennen sen alkua. Soita klinikalle: {phone}.',
    sv: 'Bokningen kan ändras eller avbokas på nätet fram till 24 timmar före start. Ring kliniken: {phone}.',
    en: 'Appointments can be changed or cancelled online until 24 hours before they start. Please call the clinic on {phone}.',
  },
  'not-confirmable': {
    fi: 'Varausta ei voi vahvistaa.',
    sv: 'Bokningen kan inte bekräftas.',
    en: 'This appointment cannot be confirmed.',
  },
  'not-modifiable': {
    fi: 'Varausta ei voi enää muuttaa.',
    sv: 'Bokningen kan inte längre ändras.',
    en: 'This appointment can no longer be changed.',
  },
  'already-redeemed': {
    fi: 'Olet jo käyttänyt tämän edun {date}.',
    sv: 'Du har redan använt förmånen {date}.',
    en: 'You already used this benefit on {date}.',
  },
  'coupon-not-valid': {
    fi: 'Etu ei ole voimassa.',
    sv: 'Förmånen är inte giltig.',
    en: 'This benefit is not valid.',
  },
  'chat-closed': {
    fi: 'Chat on avoinna arkisin klo 08:00–16:00.',
    sv: 'Chatten är öppen vardagar kl. 08:00–16:00.',
    en: 'The chat is open on weekdays 08:00–16:00.',
  },
  'conversation-closed': {
    fi: 'Keskustelu on päättynyt.',
    sv: 'Samtalet har avslutats.',
    en: 'This conversation has ended.',
  },
  'invalid-campaign-code': {
    fi: 'Kampanjakoodi ei ole voimassa.',
    sv: 'Kampanjkoden är inte giltig.',
    en: 'The campaign code is not valid.',
  },
  'invalid-voucher': {
    fi: 'Numerolla ei löytynyt voimassa olevaa palveluseteliä tai maksusitoumusta.',
    sv: 'Ingen giltig servicesedel eller betalningsförbindelse har det här numret.',
    en: 'No valid service voucher or payment commitment has this number.',
  },
  'anamnesis-disabled': {
    fi: 'Esitietolomake ei ole tilapäisesti käytössä. Täytä paperilomake vastaanotossa.',
    sv: 'Förhandsformuläret är tillfälligt ur bruk. Fyll i en pappersblankett i receptionen.',
    en: 'The health form is temporarily unavailable. Please fill in a paper form at the reception.',
  },
  'event-passed': {
    fi: 'Tapahtuma on jo mennyt.',
    sv: 'Evenemanget har redan varit.',
    en: 'This event has already taken place.',
  },
  'outdated-version': {
    fi: 'Ehdot ovat päivittyneet. Lataa sivu uudelleen.',
    sv: 'Villkoren har uppdaterats. Ladda om sidan.',
    en: 'The terms have been updated. Please reload the page.',
  },
  'login-rejected': {
    fi: 'Tunnistautuminen hylättiin.',
    sv: 'Identifieringen avvisades.',
    en: 'The identification was rejected.',
  },
  'login-expired': {
    fi: 'Tunnistautuminen vanhentui. Yritä uudelleen.',
    sv: 'Identifieringen gick ut. Försök igen.',
    en: 'The identification expired. Please try again.',
  },
  'invalid-grant': {
    fi: 'Kirjautuminen epäonnistui. Yritä uudelleen.',
    sv: 'Inloggningen misslyckades. Försök igen.',
    en: 'Login failed. Please try again.',
  },
  'payload-too-large': {
    fi: 'Tiedosto on liian suuri (enintään 2 Mt).',
    sv: 'Filen är för stor (högst 2 MB).',
    en: 'The file is too large (at most 2 MB).',
  },
  'request.crossSite': {
    fi: 'Pyyntö hylättiin, koska se ei tullut portaalista (X-Requested-With: XMLHttpRequest puuttuu).',
    sv: 'Begäran avvisades eftersom den inte kom från portalen (X-Requested-With: XMLHttpRequest saknas).',
    en: 'The request was refused because it did not come from the portal (X-Requested-With: XMLHttpRequest is missing).',
  },
  'unsupported-media-type': {
    fi: 'Pyynnön sisällön tyyppiä ei hyväksytä.',
    sv: 'Begärans innehållstyp godkänns inte.',
    en: 'The content type of the request is not accepted.',
  },
  'request.mediaType': {
    fi: 'Pyynnön sisällön tyyppiä ei hyväksytä. Sallitut tyypit: {types}.',
    sv: 'Begärans innehållstyp godkänns inte. Tillåtna typer: {types}.',
    en: 'The content type of the request is not accepted. Accepted types: {types}.',
  },
  'request.tooLarge': {
    fi: 'Pyyntö on liian suuri (enintään 1 MiB).',
    sv: 'Begäran är för stor (högst 1 MiB).',
    en: 'The request is too large (at most 1 MiB).',
  },
  'request.badUrl': {
    fi: 'Osoite ei kelpaa: tarkista sen prosenttikoodaus.',
    sv: 'Adressen är ogiltig: kontrollera dess procentkodning.',
    en: 'The address is not valid: check its percent-encoding.',
  },
  'request.methodNotAllowed': {
    fi: 'Tämä osoite ei ota vastaan pyyntöä {method}; se ottaa vastaan: {allow}.',
    sv: 'Den här adressen tar inte emot {method}; den tar emot: {allow}.',
    en: 'This address does not take {method}; it takes {allow}.',
  },
  'request.pathTooLong': {
    fi: 'Osoitteen osa on liian pitkä, joten sillä ei löydy mitään.',
    sv: 'En del av adressen är för lång, så inget hittas med den.',
    en: 'A part of the address is too long to name anything.',
  },
  'dev.unknownOperation': {
    fi: 'Sopimuksessa ei ole tämännimistä operaatiota (operationId).',
    sv: 'Kontraktet har ingen operation med det namnet (operationId).',
    en: 'The contract has no operation of this name (operationId).',
  },
  'dev.faultWithoutTarget': {
    fi: 'Anna operaatio (operationId) tai polku (path), johon vika osuu.',
    sv: 'Ange den operation (operationId) eller sökväg (path) som felet gäller.',
    en: 'Give the operation (operationId) or the path (path) the fault strikes.',
  },
  'dev.faultWithoutEffect': {
    fi: 'Anna viive (delayMs), tila (status) tai katkaistu yhteys (drop): muuten vika ei tee mitään.',
    sv: 'Ange en fördröjning (delayMs), en status (status) eller en bruten anslutning (drop): annars gör felet ingenting.',
    en: 'Give a delay (delayMs), a status (status) or a dropped connection (drop): otherwise the fault does nothing.',
  },
  'request.sandboxName': {
    fi: 'Hiekkalaatikon nimi (X-Dev-Sandbox) ei kelpaa: käytä 1–64 kirjainta, numeroa, pistettä, viivaa tai alaviivaa, alussa kirjain tai numero.',
    sv: 'Sandlådans namn (X-Dev-Sandbox) är ogiltigt: använd 1–64 bokstäver, siffror, punkter, bindestreck eller understreck, med en bokstav eller siffra först.',
    en: 'The sandbox name (X-Dev-Sandbox) is not valid: use 1–64 letters, digits, dots, dashes or underscores, starting with a letter or digit.',
  },
  'request.sandboxRate': {
    fi: 'Liian monta uutta hiekkalaatikkoa tästä osoitteesta minuutissa. Odota hetki, tai käytä samaa nimeä uudelleen.',
    sv: 'För många nya sandlådor från den här adressen på en minut. Vänta en stund, eller använd samma namn igen.',
    en: 'Too many new sandboxes from this address in a minute. Wait a moment, or use the same name again.',
  },
  'request.sandboxesOfClient': {
    fi: 'Tästä osoitteesta on jo {count} hiekkalaatikkoa käytössä. Poista käyttämättömät (DELETE /api/dev/sandboxes/…) tai käytä niitä uudelleen.',
    sv: 'Från den här adressen används redan {count} sandlådor. Ta bort dem som inte behövs (DELETE /api/dev/sandboxes/…) eller använd dem igen.',
    en: 'This address already has {count} sandboxes in use. Drop the ones you no longer need (DELETE /api/dev/sandboxes/…) or use them again.',
  },
  'sandboxes-full': {
    fi: 'Kaikki {count} hiekkalaatikkoa ovat käytössä, eikä yhtään käytettyä pudoteta uuden tieltä. Yritä uudelleen, kun jokin on ollut käyttämättä tunnin, tai käytä olemassa olevaa nimeä.',
    sv: 'Alla {count} sandlådor används, och ingen som används tas bort för en ny. Försök igen när någon har varit oanvänd i en timme, eller använd ett befintligt namn.',
    en: 'All {count} sandboxes are in use, and none in use is dropped for a new one. Try again once one has been idle for an hour, or use an existing name.',
  },
  'too-many-requests': {
    fi: 'Liian monta yritystä. Odota hetki ja yritä uudelleen.',
    sv: 'För många försök. Vänta en stund och försök igen.',
    en: 'Too many attempts. Please wait a moment and try again.',
  },
  maintenance: {
    fi: 'Palvelussa on huoltokatko. Ajanvaraus ei ole juuri nyt mahdollinen.',
    sv: 'Tjänsten har ett serviceavbrott. Det går inte att boka just nu.',
    en: 'The service is under maintenance. Booking is not possible right now.',
  },
  'server-error': {
    fi: 'Palvelussa tapahtui virhe. Yritä myöhemmin uudelleen.',
    sv: 'Ett fel inträffade i tjänsten. Försök igen senare.',
    en: 'Something went wrong. Please try again later.',
  },

  // Field errors
  'validation.required': { fi: 'Täytä kenttä', sv: 'Fyll i fältet', en: 'Please fill this field' },
  'validation.email': {
    fi: 'Anna sähköpostiosoite muodossa nimi@esimerkki.fi.',
    sv: 'Ange e-postadressen i formen namn@exempel.fi.',
    en: 'Enter a valid email address.',
  },
  'validation.phone': {
    fi: 'Anna puhelinnumero muodossa 040 123 4567 tai +358 40 123 4567.',
    sv: 'Ange telefonnumret i formen 040 123 4567 eller +358 40 123 4567.',
    en: 'Enter a phone number like 040 123 4567 or +358 40 123 4567.',
  },
  'validation.postalCode': {
    fi: 'Postinumerossa on viisi numeroa.',
    sv: 'Postnumret har fem siffror.',
    en: 'A postal code has five digits.',
  },
  'validation.ssn': {
    fi: 'Tarkista henkilötunnus.',
    sv: 'Kontrollera personbeteckningen.',
    en: 'Check the personal identity code.',
  },
  'validation.format': {
    fi: 'Tarkista kentän muoto.',
    sv: 'Kontrollera fältets format.',
    en: 'Check the format of this field.',
  },
  'validation.tooLong': {
    fi: 'Enintään {limit} merkkiä.',
    sv: 'Högst {limit} tecken.',
    en: 'At most {limit} characters.',
  },
  'validation.tooShort': {
    fi: 'Vähintään {limit} merkkiä.',
    sv: 'Minst {limit} tecken.',
    en: 'At least {limit} characters.',
  },
  'validation.range': {
    fi: 'Arvo ei ole sallitulla välillä.',
    sv: 'Värdet är utanför det tillåtna intervallet.',
    en: 'The value is out of range.',
  },
  'validation.type': {
    fi: 'Arvo on väärää tyyppiä.',
    sv: 'Värdet har fel typ.',
    en: 'The value has the wrong type.',
  },
  'validation.choice': {
    fi: 'Valitse jokin vaihtoehdoista.',
    sv: 'Välj ett av alternativen.',
    en: 'Choose one of the options.',
  },
  'validation.unknownReference': {
    fi: 'Valittua kohdetta ei löydy.',
    sv: 'Det valda objektet finns inte.',
    en: 'The chosen item does not exist.',
  },
  'validation.brokenCharacter': {
    fi: 'Kentässä on rikkinäinen merkki (puolikas erikoismerkistä tai emojista). Kirjoita teksti uudelleen.',
    sv: 'Fältet innehåller ett trasigt tecken (en halv symbol eller emoji). Skriv texten igen.',
    en: 'This field holds a broken character (half of a symbol or emoji). Please type the text again.',
  },
  'validation.controlCharacters': {
    fi: 'Poista kentästä näkymättömät ohjausmerkit.',
    sv: 'Ta bort osynliga styrtecken från fältet.',
    en: 'Remove the invisible control characters from this field.',
  },
  'validation.invalidJson': {
    fi: 'Pyynnön sisältö ei ole kelvollista JSONia.',
    sv: 'Begärans innehåll är inte giltig JSON.',
    en: 'The request body is not valid JSON.',
  },
  'validation.tooDeep': {
    fi: 'Pyynnön sisältö on sisäkkäistetty liian syvälle (enintään {limit} tasoa).',
    sv: 'Begärans innehåll är kapslat för djupt (högst {limit} nivåer).',
    en: 'The request body is nested too deeply (at most {limit} levels).',
  },
  'validation.tooManyValues': {
    fi: 'Pyynnön sisällössä on liian monta arvoa (enintään {limit}).',
    sv: 'Begärans innehåll har för många värden (högst {limit}).',
    en: 'The request body holds too many values (at most {limit}).',
  },
  'terms.mustAccept': {
    fi: 'Sinun on hyväksyttävä käyttöehdot ja tietosuojaselosteet jatkaaksesi.',
    sv: 'Du måste godkänna villkoren och dataskyddsbeskrivningarna för att fortsätta.',
    en: 'You have to accept the terms and privacy policies to continue.',
  },
  'feedback.chooseOffice': {
    fi: 'Valitse klinikka',
    sv: 'Välj klinik',
    en: 'Choose an office',
  },
  'feedback.required': {
    fi: 'Palaute on pakollinen',
    sv: 'Respons krävs',
    en: 'Feedback is required',
  },
  'event.fillField': { fi: 'Täytä kenttä', sv: 'Fyll i fältet', en: 'Fill the field' },
  'anamnesis.consentRequired': {
    fi: 'Suostumus tietojen käsittelyyn vaaditaan.',
    sv: 'Samtycke till behandling av uppgifterna krävs.',
    en: 'Consent to data processing is required.',
  },
  'coupon.datesRequired': {
    fi: 'Anna voimassaolon alku- ja loppupäivä, kun etu ei ole jatkuva.',
    sv: 'Ange start- och slutdatum när förmånen inte är fortlöpande.',
    en: 'Give the start and end dates when the benefit is not continuous.',
  },
  'coupon.datesOrder': {
    fi: 'Loppupäivä ei voi olla ennen alkupäivää.',
    sv: 'Slutdatumet kan inte vara före startdatumet.',
    en: 'The end date cannot be before the start date.',
  },
  'reservation.staffDescriptionRequired': {
    fi: 'Kerro lyhyesti käynnin syy.',
    sv: 'Beskriv kort orsaken till besöket.',
    en: 'Briefly describe the reason for the visit.',
  },
  'reservation.voucherRequired': {
    fi: 'Anna palvelusetelin tai maksusitoumuksen numero.',
    sv: 'Ange servicesedelns eller betalningsförbindelsens nummer.',
    en: 'Give the number of the service voucher or payment commitment.',
  },
  'reservation.otherReason': {
    fi: 'Uuden ajan on oltava samaa palvelua.',
    sv: 'Den nya tiden måste gälla samma tjänst.',
    en: 'The new time must be for the same service.',
  },
} satisfies Record<string, Texts>;

export const messages = {
  ...baseMessages,
  ...authMessages,
  ...bookingMessages,
  ...chatMessages,
  ...contentMessages,
  ...couponsMessages,
  ...patientsMessages,
  ...notificationsMessages,
  ...waitlistMessages,
} satisfies Record<string, Texts>;

export type MessageKey = keyof typeof messages;

export function translate(
  key: MessageKey,
  language: Language,
  params: Record<string, string | number> = {},
): string {
  return messages[key][language].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The request's language from Accept-Language (`fi` when absent or unknown). */
export function languageOf(acceptLanguage: string | undefined | null): Language {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase().slice(0, 2);
    if (tag === 'fi' || tag === 'sv' || tag === 'en') return tag;
  }
  return 'fi';
}
