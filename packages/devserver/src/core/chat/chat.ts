import type { Language, Schemas } from '@portal/sdk';
import { toHelsinkiIso } from '../clock.ts';
import { translate, type MessageKey } from '../messages.ts';
import { hashUnit } from '../random.ts';
import { fail, invalid, ok, type Result } from '../result.ts';
import { nextId, type DevState } from '../state.ts';
import { isChatOpen } from './hours.ts';

export type TopicRow = ReturnType<DevState['db']['chatTopic']['getAll']>[number];
export type ConversationRow = ReturnType<DevState['db']['chatConversation']['getAll']>[number];
export type MessageRow = ReturnType<DevState['db']['chatMessage']['getAll']>[number];
type EmployeeRow = ReturnType<DevState['db']['employee']['getAll']>[number];

/** How long the simulated professional takes to answer a patient's message (by the clock). */
export const REPLY_DELAY_MS = 3000;

/** Emitted on `state.events` when a conversation gets a message or changes status. */
export const CHAT_EVENT = 'chat';
export interface ChatEvent {
  conversationId: number;
  kind: 'message' | 'status';
}

function emit(state: DevState, event: ChatEvent): void {
  state.events.emit(CHAT_EVENT, event);
}

/** The professional's answers by topic key, in order; after them comes the closing answer. */
const REPLIES: Record<string, readonly MessageKey[]> = {
  general: ['chat.reply.general.1', 'chat.reply.general.2', 'chat.reply.general.3'],
  children: ['chat.reply.children.1', 'chat.reply.children.2', 'chat.reply.children.3'],
  pain: ['chat.reply.pain.1', 'chat.reply.pain.2', 'chat.reply.pain.3'],
  orthodontics: [
    'chat.reply.orthodontics.1',
    'chat.reply.orthodontics.2',
    'chat.reply.orthodontics.3',
  ],
  booking: ['chat.reply.booking.1', 'chat.reply.booking.2', 'chat.reply.booking.3'],
};

/** Topics answered by a dentist; the others by a dental hygienist. */
const DENTIST_TOPICS = new Set(['pain', 'orthodontics']);

function pick(texts: Record<Language, string>, language: Language): string {
  return texts[language];
}

function topicTexts(topic: TopicRow, language: Language): { name: string; description: string } {
  return {
    name: pick({ fi: topic.nameFi, sv: topic.nameSv, en: topic.nameEn }, language),
    description: pick(
      { fi: topic.descriptionFi, sv: topic.descriptionSv, en: topic.descriptionEn },
      language,
    ),
  };
}

export function findTopic(state: DevState, id: number): TopicRow | null {
  return state.db.chatTopic.getAll().find((t) => t.id === id) ?? null;
}

/** The topics in display order, in the request language. */
export function listChatTopics(state: DevState, language: Language): Schemas['ChatTopic'][] {
  return state.db.chatTopic
    .getAll()
    .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
    .map((topic) => ({ id: topic.id, ...topicTexts(topic, language) }));
}

/** The professional's display name: first name and job title (`Anna, dental hygienist`). */
export function professionalName(employee: EmployeeRow, language: Language): string {
  const title = pick(
    { fi: employee.titleFi, sv: employee.titleSv, en: employee.titleEn },
    language,
  );
  const firstName = employee.name.split(' ')[0] ?? employee.name;
  return `${firstName}, ${title.charAt(0).toLocaleLowerCase(language) + title.slice(1)}`;
}

/** A professional for a new conversation: a dentist or a hygienist by topic, stable per id. */
export function chooseProfessional(
  state: DevState,
  conversationId: number,
  topic: TopicRow,
): EmployeeRow | null {
  const kind = DENTIST_TOPICS.has(topic.key) ? 'dentist' : 'hygienist';
  const enabled = state.db.employee
    .getAll()
    .filter((e) => e.enabled)
    .sort((a, b) => a.id - b.id);
  const candidates = enabled.filter((e) => e.kind === kind);
  const pool = candidates.length > 0 ? candidates : enabled;
  if (pool.length === 0) return null;
  return pool[Math.floor(hashUnit(`chat:${conversationId}`, state.seed) * pool.length)] ?? null;
}

function messagesOf(state: DevState, conversationId: number): MessageRow[] {
  return state.db.chatMessage
    .getAll()
    .filter((m) => m.conversationId === conversationId)
    .sort((a, b) => a.id - b.id);
}

function pendingRepliesOf(state: DevState, conversationId: number) {
  return state.db.chatPendingReply
    .getAll()
    .filter((r) => r.conversationId === conversationId)
    .sort((a, b) => a.dueAtMs - b.dueAtMs || a.id - b.id);
}

/** Whether the professional is typing an answer in the conversation (a reply is not yet due). */
export function pendingReplyOf(
  state: DevState,
  conversationId: number,
): { senderName: string; dueAtMs: number } | null {
  const now = state.clock.nowMs();
  const next = pendingRepliesOf(state, conversationId).find((r) => r.dueAtMs > now);
  return next ? { senderName: next.senderName, dueAtMs: next.dueAtMs } : null;
}

/**
 * Turns the professional's answers whose time has come into messages (sent at their due time),
 * in order, and tells the streams. Every read and write of a conversation calls it first, so
 * message ids grow in the order the messages appear.
 */
export function materialiseDueReplies(state: DevState, conversationId: number): number {
  const now = state.clock.nowMs();
  const due = pendingRepliesOf(state, conversationId).filter((r) => r.dueAtMs <= now);
  for (const reply of due) {
    state.db.chatMessage.create({
      id: nextId(state, 'chatMessage'),
      conversationId,
      sender: 'professional',
      senderName: reply.senderName,
      text: reply.text,
      sentAtMs: reply.dueAtMs,
    });
    state.db.chatPendingReply.delete({ where: { id: { equals: reply.id } } });
  }
  if (due.length > 0) emit(state, { conversationId, kind: 'message' });
  return due.length;
}

export function toChatMessage(row: MessageRow): Schemas['ChatMessage'] {
  return {
    id: row.id,
    sender: row.sender as Schemas['ChatMessage']['sender'],
    senderName: row.senderName,
    text: row.text,
    sentAt: toHelsinkiIso(row.sentAtMs),
  };
}

function toSummary(
  state: DevState,
  row: ConversationRow,
  messages: MessageRow[],
  language: Language,
): Schemas['ChatConversationSummary'] {
  const topic = findTopic(state, row.topicId);
  const last = messages.reduce((latest, m) => Math.max(latest, m.sentAtMs), row.startedAtMs);
  return {
    id: row.id,
    number: row.number,
    topicId: row.topicId,
    topicName: topic ? topicTexts(topic, language).name : String(row.topicId),
    status: row.status as Schemas['ChatConversationSummary']['status'],
    startedAt: toHelsinkiIso(row.startedAtMs),
    endedAt: row.endedAtMs === null ? null : toHelsinkiIso(row.endedAtMs),
    lastMessageAt: toHelsinkiIso(last),
  };
}

function toConversation(
  state: DevState,
  row: ConversationRow,
  language: Language,
): Schemas['ChatConversation'] {
  const messages = messagesOf(state, row.id);
  return { ...toSummary(state, row, messages, language), messages: messages.map(toChatMessage) };
}

function findConversation(state: DevState, id: number): ConversationRow | null {
  return state.db.chatConversation.getAll().find((c) => c.id === id) ?? null;
}

/**
 * The caller's conversation: 404 when there is none, and when it is someone else's (a 403 would
 * tell that the id exists), as for reservations.
 */
export function ownConversation(
  state: DevState,
  userId: number,
  id: number,
): Result<ConversationRow> {
  const row = findConversation(state, id);
  if (!row) return fail('not-found');
  if (row.userId !== userId) return fail('not-found');
  materialiseDueReplies(state, id);
  return ok(findConversation(state, id) ?? row);
}

/** The caller's conversations, active and archived, newest first, without their messages. */
export function listConversations(
  state: DevState,
  userId: number,
  language: Language,
): Schemas['ChatConversationSummary'][] {
  const own = state.db.chatConversation.getAll().filter((c) => c.userId === userId);
  for (const row of own) materialiseDueReplies(state, row.id);
  const messages = state.db.chatMessage.getAll();
  return own
    .sort((a, b) => b.startedAtMs - a.startedAtMs || b.id - a.id)
    .map((row) =>
      toSummary(
        state,
        row,
        messages.filter((m) => m.conversationId === row.id),
        language,
      ),
    );
}

export function getConversation(
  state: DevState,
  userId: number,
  id: number,
  language: Language,
): Result<Schemas['ChatConversation']> {
  const own = ownConversation(state, userId, id);
  return own.ok ? ok(toConversation(state, own.value, language)) : own;
}

/** Archives a conversation ('back to beginning'); idempotent, allowed at any hour. */
export function closeConversation(
  state: DevState,
  userId: number,
  id: number,
  language: Language,
): Result<Schemas['ChatConversation']> {
  const own = ownConversation(state, userId, id);
  if (!own.ok) return own;
  archive(state, own.value);
  return ok(toConversation(state, findConversation(state, id) ?? own.value, language));
}

function archive(state: DevState, row: ConversationRow): void {
  if (row.status === 'archived') return;
  materialiseDueReplies(state, row.id);
  state.db.chatConversation.update({
    where: { id: { equals: row.id } },
    data: { status: 'archived', endedAtMs: state.clock.nowMs() },
  });
  // The professional does not answer in an archived conversation.
  state.db.chatPendingReply.deleteMany({ where: { conversationId: { equals: row.id } } });
  emit(state, { conversationId: row.id, kind: 'status' });
}

function storePatientMessage(state: DevState, conversationId: number, text: string): MessageRow {
  return state.db.chatMessage.create({
    id: nextId(state, 'chatMessage'),
    conversationId,
    sender: 'patient',
    senderName: null,
    text,
    sentAtMs: state.clock.nowMs(),
  });
}

/**
 * The professional starts typing an answer to the patient's message: the answer follows the
 * topic's script (its next answer, then a closing one) in the language of the request.
 */
function scheduleReply(state: DevState, conversation: ConversationRow, language: Language): void {
  const topic = findTopic(state, conversation.topicId);
  const answered =
    messagesOf(state, conversation.id).filter((m) => m.sender === 'professional').length +
    pendingRepliesOf(state, conversation.id).length;
  const key = (topic ? REPLIES[topic.key] : undefined)?.[answered] ?? 'chat.reply.closing';
  const employee =
    conversation.professionalId === null
      ? null
      : (state.db.employee.getAll().find((e) => e.id === conversation.professionalId) ?? null);
  state.db.chatPendingReply.create({
    id: nextId(state, 'chatPendingReply'),
    conversationId: conversation.id,
    dueAtMs: state.clock.nowMs() + REPLY_DELAY_MS,
    senderName: employee
      ? professionalName(employee, language)
      : translate('chat.professional', language),
    text: translate(key, language),
  });
}

/** Message text as stored: trimmed; blank is missing. */
function cleanText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed.length > 0 ? trimmed : null;
}

export interface StartConversationInput {
  topicId: number;
  message: string;
}

/**
 * Starts a conversation with the patient's first message, while the chat is open. An active
 * conversation of the caller is archived first. Numbers count the caller's conversations.
 */
export function startConversation(
  state: DevState,
  userId: number,
  input: StartConversationInput,
  language: Language,
): Result<Schemas['ChatConversation']> {
  const topic = findTopic(state, input.topicId);
  const text = cleanText(input.message);
  if (!topic || text === null) {
    return invalid(
      ...(topic ? [] : [{ field: 'topicId', message: 'validation.unknownReference' as const }]),
      ...(text === null ? [{ field: 'message', message: 'validation.required' as const }] : []),
    );
  }
  if (!isChatOpen(state)) return fail('chat-closed');

  const own = state.db.chatConversation.getAll().filter((c) => c.userId === userId);
  for (const row of own.filter((c) => c.status === 'active')) archive(state, row);

  const id = nextId(state, 'chatConversation');
  const now = state.clock.nowMs();
  const conversation = state.db.chatConversation.create({
    id,
    userId,
    number: own.reduce((max, c) => Math.max(max, c.number), 0) + 1,
    topicId: topic.id,
    status: 'active',
    startedAtMs: now,
    endedAtMs: null,
    professionalId: chooseProfessional(state, id, topic)?.id ?? null,
  });
  storePatientMessage(state, id, text);
  state.db.chatMessage.create({
    id: nextId(state, 'chatMessage'),
    conversationId: id,
    sender: 'system',
    senderName: null,
    text: translate('chat.system.received', language),
    sentAtMs: now,
  });
  scheduleReply(state, conversation, language);
  return ok(toConversation(state, conversation, language));
}

/**
 * The caller's message in their conversation. Archived → `conversation-closed`, then outside the
 * hours → `chat-closed` (the contract's order). The professional answers a few seconds later.
 */
export function sendChatMessage(
  state: DevState,
  userId: number,
  id: number,
  input: { text: string },
  language: Language,
): Result<Schemas['ChatMessage']> {
  const own = ownConversation(state, userId, id);
  if (!own.ok) return own;
  const text = cleanText(input.text);
  if (text === null) return invalid({ field: 'text', message: 'validation.required' });
  if (own.value.status === 'archived') return fail('conversation-closed');
  if (!isChatOpen(state)) return fail('chat-closed');
  const message = storePatientMessage(state, id, text);
  emit(state, { conversationId: id, kind: 'message' });
  scheduleReply(state, own.value, language);
  return ok(toChatMessage(message));
}

/** The conversation's messages with an id above `afterId`, oldest first (for the stream). */
export function messagesAfter(
  state: DevState,
  conversationId: number,
  afterId: number,
): Schemas['ChatMessage'][] {
  return messagesOf(state, conversationId)
    .filter((m) => m.id > afterId)
    .map(toChatMessage);
}

/** The conversation as stored (no ownership check), or null once it is gone (e.g. a reset). */
export function conversationRow(state: DevState, id: number): ConversationRow | null {
  return findConversation(state, id);
}

/** Removes a user's conversations (for account deletion). */
export function deleteChatDataOf(state: DevState, userId: number): void {
  const ids = state.db.chatConversation
    .getAll()
    .filter((c) => c.userId === userId)
    .map((c) => c.id);
  if (ids.length === 0) return;
  state.db.chatPendingReply.deleteMany({ where: { conversationId: { in: ids } } });
  state.db.chatMessage.deleteMany({ where: { conversationId: { in: ids } } });
  state.db.chatConversation.deleteMany({ where: { id: { in: ids } } });
  for (const id of ids) emit(state, { conversationId: id, kind: 'status' });
}
