import { nullable, primaryKey } from '@mswjs/data';

/** @mswjs/data models of the content area (see core/db.ts). */
export const contentModels = {
  /** One submission of the anamnesis form. Health data: never logged, never listed for others. */
  anamnesis: {
    id: primaryKey(Number),
    userId: Number,
    /** RFC 3339, Helsinki offset. */
    createdAt: String,
    /** The answers (`AnamnesisAnswers`) as JSON text: the sections keep their exact shape. */
    answers: String,
  },
  feedback: {
    id: primaryKey(Number),
    userId: Number,
    branchId: Number,
    text: String,
    createdAt: String,
  },
  article: {
    id: primaryKey(Number),
    title: String,
    /** HTML, stored as given (clients sanitise it). */
    content: String,
    author: String,
    published: Boolean,
    publishedAt: nullable<string>(() => null),
    createdAt: String,
    updatedAt: String,
  },
  event: {
    id: primaryKey(Number),
    title: String,
    /** HTML, stored as given (clients sanitise it). */
    body: String,
    /** `YYYY-MM-DD` in Helsinki. */
    date: String,
    published: Boolean,
    createdAt: String,
    updatedAt: String,
  },
  /** A patient's reminder for an event: at most one per user and event. */
  eventReminder: {
    id: primaryKey(Number),
    eventId: Number,
    userId: Number,
    /** `email` | `sms`. */
    channel: String,
    remindAt: String,
    /** When the patient set (or last replaced) the reminder. */
    setAt: String,
    /** fi | sv | en: the language of the request that set it (the message's language). */
    language: String,
    /** The portal's origin, for the message's link. */
    origin: String,
  },
  rule: {
    id: primaryKey(Number),
    description: String,
    /** `active` | `inactive`. */
    status: String,
    updatedAt: String,
  },
};
