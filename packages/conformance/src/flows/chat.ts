import type { OperationId } from '@portal/sdk/contract';
import { expectErrorCode, expectStatus, idOf, jsonObject, listItems } from '../expect.ts';
import type { HttpAnswer } from '../http.ts';
import { describe, fail, skip, type Runner } from '../runner.ts';
import { anySelected, Flow, hasAll, tokenOrReason } from './flow.ts';

const OPERATIONS: readonly OperationId[] = [
  'getChatStatus',
  'listChatTopics',
  'listConversations',
  'startConversation',
  'getConversation',
  'sendChatMessage',
  'streamConversation',
  'closeConversation',
];

function expectEventStream(answer: HttpAnswer): void {
  if (answer.mediaType !== 'text/event-stream')
    fail(`expected text/event-stream, got ${describe(answer)}`);
}

/**
 * The chat as a patient: start a conversation on a listed topic (or 409 chat-closed outside the
 * chat hours), read it, send a message, open its event stream (header and query token), close it,
 * and 409 conversation-closed for a message after that.
 */
export async function chatFlow(runner: Runner): Promise<void> {
  if (!anySelected(runner, OPERATIONS) || !hasAll(runner, OPERATIONS)) return;
  if (!runner.wants('chat_flow')) return;
  const flow = new Flow(runner, 'chat flow', 'chat_flow');
  const patient = tokenOrReason(runner, 'patient');
  if ('reason' in patient) flow.block(patient.reason);
  const token = 'token' in patient ? patient.token : null;

  const open = await flow.step(
    'getChatStatus',
    'says whether the chat is open now',
    {},
    async () => {
      const answer = await runner.call('getChatStatus', 'chat: status', { token });
      expectStatus(runner.op('getChatStatus'), answer, [200]);
      return jsonObject(answer).open === true;
    },
  );
  const topicId = await flow.step('listChatTopics', 'lists at least one topic', {}, async () => {
    const answer = await runner.call('listChatTopics', 'chat: topics', { token });
    expectStatus(runner.op('listChatTopics'), answer, [200]);
    const id = idOf(listItems(answer.json)[0]);
    if (id === undefined) skip('no chat topic listed');
    return id;
  });
  const conversationId = await flow.step(
    'startConversation',
    'starts a conversation while the chat is open (201), or answers 409 chat-closed',
    { destructive: true },
    async () => {
      const answer = await runner.call('startConversation', 'chat: start', {
        token,
        json: { topicId, message: 'Conformance check: please ignore this message.' },
      });
      if (!open) {
        expectStatus(runner.op('startConversation'), answer, [409]);
        expectErrorCode(answer, ['chat-closed']);
        return undefined;
      }
      expectStatus(runner.op('startConversation'), answer, [201]);
      const id = idOf(answer.json);
      if (id === undefined) fail(`no id in ${describe(answer)}`);
      return id;
    },
  );
  if (open === false)
    flow.block('the chat is closed now (getChatStatus open: false); run inside the chat hours');

  await flow.step(
    'getConversation',
    'returns the conversation just started with its first message',
    { soft: true },
    async () => {
      const answer = await runner.call('getConversation', 'chat: read', {
        token,
        path: { id: conversationId },
      });
      expectStatus(runner.op('getConversation'), answer, [200]);
      if (listItems(jsonObject(answer).messages).length === 0)
        fail(`no messages in ${describe(answer)}`);
    },
  );
  await flow.step(
    'listConversations',
    'lists the conversation just started',
    { soft: true },
    async () => {
      const answer = await runner.call('listConversations', 'chat: list', { token });
      expectStatus(runner.op('listConversations'), answer, [200]);
      if (!listItems(answer.json).some((c) => idOf(c) === conversationId))
        fail(`conversation ${String(conversationId)} is not listed`);
    },
  );
  await flow.step(
    'sendChatMessage',
    'adds a message to the active conversation (201)',
    { destructive: true, soft: true },
    async () => {
      const answer = await runner.call('sendChatMessage', 'chat: send', {
        token,
        path: { id: conversationId },
        json: { text: 'Conformance check: a second message.' },
      });
      expectStatus(runner.op('sendChatMessage'), answer, [201]);
    },
  );
  await flow.step(
    'streamConversation',
    'opens the event stream with the bearer token (text/event-stream)',
    { soft: true },
    async () => {
      const answer = await runner.call('streamConversation', 'chat: stream with the header token', {
        token,
        path: { id: conversationId },
      });
      expectStatus(runner.op('streamConversation'), answer, [200]);
      expectEventStream(answer);
    },
  );
  await flow.step(
    'streamConversation',
    'refuses a token in the URL (access_token query, no header): 401',
    { soft: true },
    async () => {
      // A token in a URL ends up in logs, histories and Referer headers (ASVS V14.2.1).
      const answer = await runner.call('streamConversation', 'chat: stream with a query token', {
        path: { id: conversationId },
        query: { access_token: token },
      });
      expectStatus(runner.op('streamConversation'), answer, [401]);
      expectErrorCode(answer, ['unauthorized']);
    },
  );
  await flow.step(
    'closeConversation',
    'archives the conversation (200, status archived)',
    { destructive: true },
    async () => {
      const answer = await runner.call('closeConversation', 'chat: close', {
        token,
        path: { id: conversationId },
      });
      expectStatus(runner.op('closeConversation'), answer, [200]);
      if (jsonObject(answer).status !== 'archived')
        fail(`expected status archived, got ${describe(answer)}`);
    },
  );
  await flow.step(
    'sendChatMessage',
    'answers 409 conversation-closed for a message to an archived conversation',
    { soft: true },
    async () => {
      const answer = await runner.call('sendChatMessage', 'chat: send after closing', {
        token,
        path: { id: conversationId },
        json: { text: 'Conformance check: too late.' },
      });
      expectStatus(runner.op('sendChatMessage'), answer, [409]);
      expectErrorCode(answer, ['conversation-closed']);
    },
  );
}
