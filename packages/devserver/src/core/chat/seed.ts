import { addDaysToDate, helsinkiDate, helsinkiInstant, isoWeekday } from '../clock.ts';
import { translate } from '../messages.ts';
import type { Random } from '../random.ts';
import { nextId, type DevState } from '../state.ts';
import { chooseProfessional, professionalName } from './chat.ts';

/** The chat topics, in display order (ids 1–5). */
export const chatTopicSeed = [
  {
    id: 1,
    key: 'general',
    fi: ['Suun terveys', 'Hampaiden ja ikenien hoito, suuhygienia ja ennaltaehkäisy.'],
    sv: ['Munhälsa', 'Skötsel av tänder och tandkött, munhygien och förebyggande vård.'],
    en: ['Oral health', 'Caring for teeth and gums, oral hygiene and prevention.'],
  },
  {
    id: 2,
    key: 'children',
    fi: ['Lasten hampaat', 'Maitohampaat, hampaiden puhkeaminen ja lasten suunhoito.'],
    sv: ['Barns tänder', 'Mjölktänder, tandframbrott och barns munvård.'],
    en: ["Children's teeth", "Baby teeth, teething and caring for children's teeth."],
  },
  {
    id: 3,
    key: 'pain',
    fi: [
      'Särky ja äkilliset vaivat',
      'Hammassärky, lohjennut hammas, irronnut paikka tai turvotus.',
    ],
    sv: [
      'Värk och akuta besvär',
      'Tandvärk, en avslagen tand, en lossnad fyllning eller svullnad.',
    ],
    en: ['Pain and acute problems', 'Toothache, a chipped tooth, a lost filling or swelling.'],
  },
  {
    id: 4,
    key: 'orthodontics',
    fi: [
      'Oikomishoito ja aligner-kiskot',
      'Hampaiden oikominen, läpinäkyvät kiskot ja purentavirheet.',
    ],
    sv: ['Tandreglering och alignerskenor', 'Tandreglering, genomskinliga skenor och bettfel.'],
    en: [
      'Orthodontics and clear aligners',
      'Straightening teeth, clear aligners and bite problems.',
    ],
  },
  {
    id: 5,
    key: 'booking',
    fi: ['Ajanvaraus ja hinnat', 'Aikojen varaaminen, siirtäminen ja peruminen sekä hinnat.'],
    sv: ['Tidsbokning och priser', 'Att boka, flytta och avboka tider samt priser.'],
    en: ['Booking and prices', 'Booking, moving and cancelling appointments, and prices.'],
  },
] as const;

interface SeedMessage {
  sender: 'patient' | 'professional' | 'system';
  /** Wall-clock time on the conversation's day. */
  at: string;
  text: string;
}

/** The latest weekday on or before `date`. */
function weekdayOnOrBefore(date: string): string {
  let day = date;
  while (isoWeekday(day) > 5) day = addDaysToDate(day, -1);
  return day;
}

/**
 * Topics, and two archived conversations of the `patient` test user (numbers 1 and 2, 40 and 9
 * days before the seeding day, in Finnish). The other test users have none (the empty state).
 */
export function seedChat(state: DevState, _random: Random): void {
  const { db } = state;
  for (const [index, topic] of chatTopicSeed.entries()) {
    db.chatTopic.create({
      id: topic.id,
      key: topic.key,
      sortOrder: index + 1,
      nameFi: topic.fi[0],
      nameSv: topic.sv[0],
      nameEn: topic.en[0],
      descriptionFi: topic.fi[1],
      descriptionSv: topic.sv[1],
      descriptionEn: topic.en[1],
    });
  }

  const patient = db.user.getAll().find((u) => u.devKey === 'patient');
  if (!patient) return;
  const today = helsinkiDate(state.clock.nowMs());
  const received = translate('chat.system.received', 'fi');
  const conversations: {
    topicId: number;
    daysAgo: number;
    endedAt: string;
    messages: SeedMessage[];
  }[] = [
    {
      topicId: 5,
      daysAgo: 40,
      endedAt: '13:20',
      messages: [
        { sender: 'patient', at: '13:02', text: 'Paljonko hammastarkastus maksaa?' },
        { sender: 'system', at: '13:02', text: received },
        {
          sender: 'professional',
          at: '13:05',
          text: 'Hei! Hammaslääkärin tarkastus maksaa 65 €. Hinnat näet myös ajanvarauksessa palvelua valitessasi.',
        },
        { sender: 'patient', at: '13:07', text: 'Kiitos, varaan ajan.' },
        { sender: 'professional', at: '13:08', text: 'Hienoa, tervetuloa vastaanotolle!' },
      ],
    },
    {
      topicId: 3,
      daysAgo: 9,
      endedAt: '09:25',
      messages: [
        {
          sender: 'patient',
          at: '09:15',
          text: 'Poskihampaasta lohkesi aamulla pala. Pitääkö tulla heti vastaanotolle?',
        },
        { sender: 'system', at: '09:15', text: received },
        { sender: 'professional', at: '09:17', text: translate('chat.reply.pain.1', 'fi') },
        { sender: 'patient', at: '09:18', text: 'Ei satu, mutta reuna on terävä kieltä vasten.' },
        {
          sender: 'professional',
          at: '09:19',
          text: 'Terävän reunan voi korjata muutaman päivän sisällä. Varaa aika hammaslääkärille ajanvarauksesta.',
        },
      ],
    },
  ];

  conversations.forEach((seed, index) => {
    const day = weekdayOnOrBefore(addDaysToDate(today, -seed.daysAgo));
    const id = nextId(state, 'chatConversation');
    const topic = db.chatTopic.getAll().find((t) => t.id === seed.topicId);
    const professional = topic ? chooseProfessional(state, id, topic) : null;
    const messages = seed.messages.map((m) => ({
      ...m,
      atMs: helsinkiInstant(day, m.at).getTime(),
    }));
    db.chatConversation.create({
      id,
      userId: patient.id,
      number: index + 1,
      topicId: seed.topicId,
      status: 'archived',
      startedAtMs: messages[0]?.atMs ?? helsinkiInstant(day, '12:00').getTime(),
      endedAtMs: helsinkiInstant(day, seed.endedAt).getTime(),
      professionalId: professional?.id ?? null,
    });
    for (const message of messages) {
      db.chatMessage.create({
        id: nextId(state, 'chatMessage'),
        conversationId: id,
        sender: message.sender,
        senderName:
          message.sender === 'professional' && professional
            ? professionalName(professional, 'fi')
            : null,
        text: message.text,
        sentAtMs: message.atMs,
      });
    }
  });
}
