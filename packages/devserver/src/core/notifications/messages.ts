import type { Language } from '@portal/sdk';

/**
 * Texts of the messages sent to patients (notifications.ts), merged into core/messages.ts.
 * Never the national id or the reason for the visit: only when, where and the link.
 */
export const notificationsMessages = {
  'notify.when': {
    fi: '{date} klo {time}',
    sv: '{date} kl. {time}',
    en: '{date} at {time}',
  },
  'notify.booked.subject': {
    fi: 'Hammaslääkäriaikasi on varattu',
    sv: 'Din tandläkartid är bokad',
    en: 'Your dental appointment is booked',
  },
  'notify.booked.text': {
    fi: 'Hammaslääkäriaikasi on varattu: {when}, {place}. Voit siirtää tai perua ajan maksutta {limit} asti: {url}',
    sv: 'Din tandläkartid är bokad: {when}, {place}. Du kan flytta eller avboka tiden avgiftsfritt till och med {limit}: {url}',
    en: 'Your dental appointment is booked: {when}, {place}. Move or cancel it free of charge until {limit}: {url}',
  },
  'notify.familyBooked.subject': {
    fi: 'Perheenne hammaslääkäriajat on varattu',
    sv: 'Familjens tandläkartider är bokade',
    en: "Your family's dental appointments are booked",
  },
  'notify.familyBooked.text': {
    fi: 'Perheenne hammaslääkäriajat on varattu: {visits}, {place}. Voit siirtää tai perua ajat maksutta {limit} asti: {url}',
    sv: 'Familjens tandläkartider är bokade: {visits}, {place}. Du kan flytta eller avboka tiderna avgiftsfritt till och med {limit}: {url}',
    en: "Your family's dental appointments are booked: {visits}, {place}. Move or cancel them free of charge until {limit}: {url}",
  },
  'notify.familyReminder.subject': {
    fi: 'Muistutus perheenne hammaslääkäriajoista',
    sv: 'Påminnelse om familjens tandläkartider',
    en: "Reminder of your family's dental appointments",
  },
  'notify.familyReminder.text': {
    fi: 'Muistutus: perheenne hammaslääkäriajat ovat {visits}, {place}. Voit vielä siirtää tai perua ajat maksutta {limit} asti: {url}',
    sv: 'Påminnelse: familjens tandläkartider är {visits}, {place}. Du kan ännu flytta eller avboka tiderna avgiftsfritt till och med {limit}: {url}',
    en: "Reminder: your family's dental appointments are {visits}, {place}. You can still move or cancel them free of charge until {limit}: {url}",
  },
  'notify.moved.subject': {
    fi: 'Hammaslääkäriaikasi on siirretty',
    sv: 'Din tandläkartid har flyttats',
    en: 'Your dental appointment has been moved',
  },
  'notify.moved.text': {
    fi: 'Hammaslääkäriaikasi on siirretty: {when}, {place}. Voit siirtää tai perua ajan maksutta {limit} asti: {url}',
    sv: 'Din tandläkartid har flyttats: {when}, {place}. Du kan flytta eller avboka tiden avgiftsfritt till och med {limit}: {url}',
    en: 'Your dental appointment has been moved: {when}, {place}. Move or cancel it free of charge until {limit}: {url}',
  },
  'notify.cancelled.subject': {
    fi: 'Hammaslääkäriaikasi on peruttu',
    sv: 'Din tandläkartid är avbokad',
    en: 'Your dental appointment is cancelled',
  },
  'notify.cancelled.text': {
    fi: 'Hammaslääkäriaikasi {when}, {place} on peruttu. Voit varata uuden ajan: {url}',
    sv: 'Din tandläkartid {when}, {place} är avbokad. Du kan boka en ny tid: {url}',
    en: 'Your dental appointment on {when}, {place} is cancelled. You can book a new time: {url}',
  },
  'notify.reminder.subject': {
    fi: 'Muistutus hammaslääkäriajasta',
    sv: 'Påminnelse om tandläkartid',
    en: 'Reminder of your dental appointment',
  },
  'notify.reminder.text': {
    fi: 'Muistutus: hammaslääkäriaikasi on {when}, {place}. Voit vielä siirtää tai perua ajan maksutta {limit} asti: {url}',
    sv: 'Påminnelse: din tandläkartid är {when}, {place}. Du kan ännu flytta eller avboka tiden avgiftsfritt till och med {limit}: {url}',
    en: 'Reminder: your dental appointment is on {when}, {place}. You can still move or cancel it free of charge until {limit}: {url}',
  },
  'notify.offer.subject': {
    fi: 'Aiempi hammaslääkäriaika vapautui',
    sv: 'En tidigare tandläkartid har blivit ledig',
    en: 'An earlier dental appointment is free',
  },
  'notify.offer.text': {
    fi: 'Toivomasi aiempi aika vapautui: {when}, {place}. Voit siirtää varauksesi siihen {limit} asti, jos kukaan ei ehdi ensin: {url}',
    sv: 'En tidigare tid som du önskade har blivit ledig: {when}, {place}. Du kan flytta din bokning dit till och med {limit}, om ingen hinner före: {url}',
    en: 'An earlier time you asked for is free: {when}, {place}. You can move your appointment to it until {limit}, unless someone takes it first: {url}',
  },
  'notify.event.subject': {
    fi: 'Muistutus tapahtumasta',
    sv: 'Påminnelse om evenemanget',
    en: 'Event reminder',
  },
  'notify.event.text': {
    fi: 'Muistutus: {title} {date}. Lisätietoja: {url}',
    sv: 'Påminnelse: {title} {date}. Mer information: {url}',
    en: 'Reminder: {title} on {date}. More information: {url}',
  },
} satisfies Record<string, Record<Language, string>>;
