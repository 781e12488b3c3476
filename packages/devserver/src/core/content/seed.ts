import type { Schemas } from '@portal/sdk';
import { addDaysToDate, helsinkiDate, helsinkiInstant, toHelsinkiIso } from '../clock.ts';
import type { Random } from '../random.ts';
import type { DevState } from '../state.ts';
import { remindAtFor } from './reminder-time.ts';
import { scheduleStoredReminders } from './events.ts';
import { DEFAULT_PORTAL_ORIGIN } from '../notifications/notifications.ts';

/** The seeded article whose body carries a `<script>` and an `onerror` (sanitising tests). */
export const UNSAFE_ARTICLE_ID = 6;
/** The seeded published event dated tomorrow (its reminder is due at once). */
export const TOMORROW_EVENT_ID = 2;
/** The seeded published event in the past (setting a reminder answers 409 event-passed). */
export const PAST_EVENT_ID = 1;
/** The seeded unpublished event (patients get 404). */
export const DRAFT_EVENT_ID = 9;
/** The seeded World Oral Health Day (20 March), on which the test patient has an SMS reminder. */
export const ORAL_HEALTH_DAY_EVENT_ID = 7;

interface SeedArticle {
  title: string;
  content: string;
  author: string;
  /** Days before today it was written (at 14:10); published the next morning at 08:00. */
  daysAgo: number;
  published: boolean;
}

const articles: SeedArticle[] = [
  {
    title: 'Uusi hammasklinikka avautuu Tampereen Hervantaan',
    content:
      '<p>Hervannan uusi klinikkamme palvelee potilaita arkisin klo 7.30–19 ja lauantaisin klo 9–15.</p><p>Klinikalla työskentelee neljä hammaslääkäriä ja kaksi suuhygienistiä. Ajan voit varata verkossa tai soittamalla.</p>',
    author: 'Anna Virtanen',
    daysAgo: 62,
    published: true,
  },
  {
    title: 'Ajanvaraus nyt myös mobiilisovelluksessa',
    content:
      '<p>Voit nyt varata, siirtää ja perua aikoja myös mobiilisovelluksellamme. Kirjaudu sovellukseen pankkitunnuksilla tai mobiilivarmenteella.</p><ul><li>Näet tulevat ja menneet käyntisi</li><li>Saat muistutuksen ennen käyntiä</li></ul>',
    author: 'Anna Virtanen',
    daysAgo: 54,
    published: true,
  },
  {
    title: 'Näin harjaat hampaasi oikein – suuhygienistin vinkit',
    content:
      '<p>Harjaa hampaat kahdesti päivässä fluorihammastahnalla, kaksi minuuttia kerrallaan.</p><ol><li>Käytä pehmeää harjaa.</li><li>Harjaa pienin nykyttävin liikkein ienrajaa myöten.</li><li>Puhdista hammasvälit päivittäin langalla tai väliharjalla.</li></ol>',
    author: 'Laura Koskinen, suuhygienisti',
    daysAgo: 47,
    published: true,
  },
  {
    title: 'Ksylitoli suojaa hampaita reikiintymiseltä',
    content:
      '<p>Ksylitolipurukumi tai -pastilli aterian jälkeen vähentää reikiintymistä aiheuttavia bakteereja. Suositus on 5–10 grammaa ksylitolia päivässä, jaettuna useaan kertaan.</p>',
    author: 'Mikko Lehtinen, hammaslääkäri',
    daysAgo: 39,
    published: true,
  },
  {
    title: 'Jännittääkö hammashoito? Kerro siitä meille',
    content:
      '<p>Hammashoitopelko on yleistä, eikä sitä tarvitse hävetä. Kerro pelostasi esitietolomakkeella tai ajanvarauksen yhteydessä, niin varaamme käynnille riittävästi aikaa.</p>',
    author: 'Mikko Lehtinen, hammaslääkäri',
    daysAgo: 31,
    published: true,
  },
  {
    // Deliberately unsafe HTML: the web app must sanitise article bodies before rendering.
    title: 'Kuvakooste: avoimien ovien päivä Kalliossa',
    content:
      '<p>Kiitos kaikille avoimien ovien päivään osallistuneille!</p><img src="/images/ei-olemassa.jpg" onerror="alert(\'xss\')" alt="Avoimet ovet"><script>alert("xss")</script><p>Seuraava avoimien ovien päivä järjestetään keväällä.</p>',
    author: 'Anna Virtanen',
    daysAgo: 22,
    published: true,
  },
  {
    title: 'Palvelusetelillä hammashoitoon – näin se toimii',
    content:
      '<p>Jos olet saanut hyvinvointialueeltasi palvelusetelin, voit käyttää sen klinikoillamme. Valitse ajanvarauksessa asiakastyypiksi palveluseteli ja anna setelin tunnus.</p>',
    author: 'Sanna Sisältö',
    daysAgo: 15,
    published: true,
  },
  {
    title: 'Hampaiden valkaisu – usein kysytyt kysymykset',
    content:
      '<p>Valkaisu sopii useimmille aikuisille, joiden hampaat ja ikenet ovat terveet. Ennen valkaisua hammaslääkäri tarkastaa suun.</p><p><strong>Kestääkö tulos?</strong> Tulos säilyy yleensä 1–3 vuotta.</p>',
    author: 'Laura Koskinen, suuhygienisti',
    daysAgo: 8,
    published: true,
  },
  {
    title: 'Joulun ja uudenvuoden aukioloajat',
    content:
      '<p>Klinikat ovat suljettuina 24.–26.12. ja 1.1. Chat palvelee arkipäivinä normaalisti klo 8–16.</p>',
    author: 'Sanna Sisältö',
    daysAgo: 4,
    published: false,
  },
  {
    title: 'Suun terveys raskauden aikana',
    content:
      '<p>Raskausaikana ikenet voivat vuotaa herkemmin hormonimuutosten vuoksi. Hyvä suuhygienia ja tarkastus raskauden alussa ovat tärkeitä.</p>',
    author: 'Mikko Lehtinen, hammaslääkäri',
    daysAgo: 2,
    published: true,
  },
  {
    title: 'Hinnaston päivitys',
    content: '<p>Luonnos: hinnastoon tulevat muutokset julkaistaan myöhemmin.</p>',
    author: 'Sanna Sisältö',
    daysAgo: 1,
    published: false,
  },
];

interface SeedEvent {
  title: string;
  body: string;
  /** Days from today, or the next `MM-DD` after today. */
  when: { days: number } | { monthDay: string };
  published: boolean;
}

const events: SeedEvent[] = [
  {
    title: 'Hammaskeijun satutuokio',
    body: '<p>Hammaskeiju kertoi lapsille tarinoita hampaiden hoidosta Kallion klinikalla.</p>',
    when: { days: -20 },
    published: true,
  },
  {
    title: 'Hammaskeijupäivä lapsiperheille',
    body: '<p>Hammaskeiju vierailee klinikoillamme! Alle 12-vuotiaat saavat hammasharjan ja tarran, ja vanhemmat vinkit lasten hampaiden hoitoon.</p>',
    when: { days: 1 },
    published: true,
  },
  {
    title: 'Ksylitolipäivä',
    body: '<p>Tarjoamme ksylitolipastilleja kaikilla klinikoilla ja kerromme, miten ksylitoli suojaa hampaita.</p>',
    when: { days: 12 },
    published: true,
  },
  {
    title: 'Avoimet ovet Hervannan klinikalla',
    body: '<p>Tule tutustumaan uuteen klinikkaamme klo 10–16. Suuhygienistimme tarkastavat harjaustekniikkasi maksutta.</p>',
    when: { days: 25 },
    published: true,
  },
  {
    title: 'Hampaiden valkaisuviikko',
    body: '<p>Valkaisuhoidot kampanjahintaan koko viikon ajan kaikilla klinikoilla.</p>',
    when: { days: 40 },
    published: true,
  },
  {
    title: 'Ystävänpäivän hymypäivä',
    body: '<p>Tuo ystäväsi mukaan: kun varaatte tarkastuksen samalle päivälle, saatte molemmat suuhygienistin pikatarkastuksen kaupan päälle.</p>',
    when: { monthDay: '02-14' },
    published: true,
  },
  {
    title: 'Maailman suunterveyspäivä',
    body: '<p>Maailman suunterveyspäivää vietetään 20. maaliskuuta. Lasten hammastarkastukset ovat maksuttomia kaikilla klinikoillamme.</p>',
    when: { monthDay: '03-20' },
    published: true,
  },
  {
    title: 'Suuhygienistien teemapäivä: hammasvälien puhdistus',
    body: '<p>Suuhygienistimme opastavat hammaslangan ja väliharjojen käytössä. Ei ajanvarausta.</p>',
    when: { days: 60 },
    published: true,
  },
  {
    title: 'Kesän hammashuoltokampanja',
    body: '<p>Luonnos: kesäkampanjan yksityiskohdat vahvistetaan myöhemmin.</p>',
    when: { days: 90 },
    published: false,
  },
];

const rules: { description: string; status: Schemas['RuleStatus']; daysAgo: number }[] = [
  {
    description:
      'Ajan voi perua tai siirtää maksutta verkossa viimeistään 24 tuntia ennen sen alkua.',
    status: 'active',
    daysAgo: 120,
  },
  {
    description:
      'Myöhäisestä perumisesta (alle 24 tuntia ennen käyntiä) peritään hinnaston mukainen peruutusmaksu.',
    status: 'active',
    daysAgo: 95,
  },
  {
    description: 'Peruuttamatta jätetystä käynnistä veloitetaan hinnaston mukainen maksu.',
    status: 'active',
    daysAgo: 64,
  },
  {
    description:
      'Palvelusetelillä tai maksusitoumuksella asioiva tuo setelin tai sen tunnuksen mukanaan vastaanotolle.',
    status: 'active',
    daysAgo: 33,
  },
  {
    description: 'Kampanjakoodi annetaan ajanvarauksen yhteydessä; sitä ei voi lisätä jälkikäteen.',
    status: 'active',
    daysAgo: 12,
  },
  {
    description: 'Yli 15 minuuttia myöhässä saapuvan potilaan käynti voidaan joutua siirtämään.',
    status: 'inactive',
    daysAgo: 200,
  },
  {
    description: 'Alle 18-vuotiaan potilaan huoltaja on mukana ensimmäisellä käynnillä.',
    status: 'inactive',
    daysAgo: 7,
  },
];

const feedbackTexts = [
  'Ystävällinen henkilökunta ja aika alkoi täsmälleen ajallaan. Kiitos!',
  'Odotin vastaanotolle yli 20 minuuttia, muuten kaikki hyvin.',
  'Suuhygienisti neuvoi kärsivällisesti hammasvälien puhdistuksessa.',
  'Parkkipaikkoja oli vaikea löytää klinikan läheltä.',
  'Hammaslääkäri selitti hoidon vaiheet selkeästi, jännitys helpotti.',
  'Tack för ett trevligt bemötande!',
];

const sampleAnswers: Schemas['AnamnesisAnswers'] = {
  healthState: {
    generalHealth: 'Hyvä, ei viimeaikaisia sairauksia.',
    conditions: ['asthma'],
    medications: true,
    medicationsDetails: 'Salbutamoli-inhalaattori tarvittaessa.',
    anticoagulants: false,
    occupationalCareContract: true,
  },
  oralHealth: {
    missingTeeth: false,
    issues: ['sensitiveTeeth'],
    additionalInfo: 'Kylmä juoma vihloo oikealla puolella.',
    satisfaction: 7,
    appearanceBothers: true,
    appearanceFactors: ['colour'],
  },
  habits: {
    brushingFrequency: 'twiceOrMore',
    smoking: 'nonSmoking',
    dietaryHabits: 'Kahvia kolme kertaa päivässä.',
    eatingHabits: 'regularMeals',
  },
  fears: { dentalFear: 'slight' },
  consents: {
    customerRegisterAccepted: true,
    patientRegisterAccepted: true,
    disclosureToOtherProfessionals: false,
  },
};

/** The first `MM-DD` strictly after `today`. */
export function nextOccurrence(today: string, monthDay: string): string {
  const thisYear = `${today.slice(0, 4)}-${monthDay}`;
  return thisYear > today ? thisYear : `${Number(today.slice(0, 4)) + 1}-${monthDay}`;
}

/**
 * Seed data of the content area (called by core/seed.ts in dependency order): 11 Finnish news
 * articles (2 drafts; id 6 carries unsafe HTML), 9 themed-day events (id 1 past, id 2 tomorrow,
 * id 9 unpublished), 7 rules, the test patient's earlier anamnesis and event reminder, and a
 * few feedbacks. Dates follow the clock at seeding time.
 */
export function seedContent(state: DevState, random: Random): void {
  const { db } = state;
  const now = state.clock.now();
  const today = helsinkiDate(now);
  const at = (daysFromToday: number, time: string) =>
    toHelsinkiIso(helsinkiInstant(addDaysToDate(today, daysFromToday), time));

  articles.forEach((article, index) => {
    const createdAt = at(-article.daysAgo, '14:10');
    const publishedAt = article.published ? at(1 - article.daysAgo, '08:00') : null;
    db.article.create({
      id: index + 1,
      title: article.title,
      content: article.content,
      author: article.author,
      published: article.published,
      publishedAt,
      createdAt,
      updatedAt: publishedAt ?? createdAt,
    });
  });

  events.forEach((event, index) => {
    const date =
      'days' in event.when
        ? addDaysToDate(today, event.when.days)
        : nextOccurrence(today, event.when.monthDay);
    const created = at(-30 + index, '12:00');
    db.event.create({
      id: index + 1,
      title: event.title,
      body: event.body,
      date,
      published: event.published,
      createdAt: created,
      updatedAt: created,
    });
  });

  rules.forEach((rule, index) => {
    db.rule.create({
      id: index + 1,
      description: rule.description,
      status: rule.status,
      updatedAt: at(-rule.daysAgo, '09:30'),
    });
  });

  const patient = db.user.findFirst({ where: { devKey: { equals: 'patient' } } });
  if (patient) {
    db.anamnesis.create({
      id: 1,
      userId: patient.id,
      createdAt: at(-40, '15:20'),
      answers: JSON.stringify(sampleAnswers),
    });
    const oralHealthDay = db.event.findFirst({
      where: { id: { equals: ORAL_HEALTH_DAY_EVENT_ID } },
    });
    if (oralHealthDay) {
      db.eventReminder.create({
        id: 1,
        eventId: oralHealthDay.id,
        userId: patient.id,
        channel: 'sms',
        remindAt: toHelsinkiIso(remindAtFor(oralHealthDay.date, now)),
        setAt: at(-3, '19:45'),
        language: 'fi',
        origin: DEFAULT_PORTAL_ORIGIN,
      });
      scheduleStoredReminders(state);
    }
  }

  const others = db.user.getAll().filter((u) => u.devKey === null && u.webRole === 'patient');
  const branches = db.branch.getAll().filter((b) => b.enabled);
  if (others.length === 0 || branches.length === 0) return;
  feedbackTexts.forEach((text, index) => {
    db.feedback.create({
      id: index + 1,
      userId: random.pick(others).id,
      branchId: random.pick(branches).id,
      text,
      createdAt: at(-random.int(1, 60), `${String(random.int(8, 19)).padStart(2, '0')}:15`),
    });
  });
}
