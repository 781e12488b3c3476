import { nullable, primaryKey } from '@mswjs/data';

/** @mswjs/data models of the chat area (see core/db.ts). Instants are epoch milliseconds. */
export const chatModels = {
  chatTopic: {
    id: primaryKey(Number),
    /** Stable key of the topic (the professional's answers are chosen by it). */
    key: String,
    sortOrder: Number,
    nameFi: String,
    nameSv: String,
    nameEn: String,
    descriptionFi: String,
    descriptionSv: String,
    descriptionEn: String,
  },
  chatConversation: {
    id: primaryKey(Number),
    userId: Number,
    /** The conversation's number among its user's conversations (1, 2, 3…; never reused). */
    number: Number,
    topicId: Number,
    /** `active` or `archived`. */
    status: String,
    startedAtMs: Number,
    endedAtMs: nullable<number>(() => null),
    /** The employee who answers (an oral-health professional). */
    professionalId: nullable<number>(() => null),
  },
  chatMessage: {
    id: primaryKey(Number),
    conversationId: Number,
    /** `patient`, `professional` or `system`. */
    sender: String,
    senderName: nullable<string>(() => null),
    text: String,
    sentAtMs: Number,
  },
  /** A professional's answer being typed: it becomes a message once the clock passes `dueAtMs`. */
  chatPendingReply: {
    id: primaryKey(Number),
    conversationId: Number,
    dueAtMs: Number,
    senderName: String,
    text: String,
  },
};
