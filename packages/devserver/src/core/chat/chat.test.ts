import { describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.ts';
import { REPLY_DELAY_MS } from './chat.ts';

async function start(
  h: Harness,
  token: string,
  body: { topicId: number; message: string } = { topicId: 1, message: 'My gums bleed.' },
  language = 'en',
) {
  return h.call('startConversation', { token, body, headers: { 'Accept-Language': language } });
}

describe('chat topics', () => {
  test('Five topics come in the request language, in display order', async () => {
    const h = createHarness();
    const en = (await h.call('listChatTopics', { as: 'patient' })).json;
    const fi = (
      await h.call('listChatTopics', { as: 'patient', headers: { 'Accept-Language': 'fi' } })
    ).json;
    const sv = (
      await h.call('listChatTopics', { as: 'patient', headers: { 'Accept-Language': 'sv' } })
    ).json;
    expect(en.map((t: { id: number }) => t.id)).toEqual([1, 2, 3, 4, 5]);
    expect(en.map((t: { name: string }) => t.name)).toEqual([
      'Oral health',
      "Children's teeth",
      'Pain and acute problems',
      'Orthodontics and clear aligners',
      'Booking and prices',
    ]);
    expect(fi[1].name).toBe('Lasten hampaat');
    expect(sv[1].name).toBe('Barns tänder');
    for (const topic of [...en, ...fi, ...sv]) expect(topic.description.length).toBeGreaterThan(10);
  });
});

describe('conversations', () => {
  test('The patient test user has two archived conversations, newest first; others have none', async () => {
    const h = createHarness();
    const { json } = await h.call('listConversations', { as: 'patient' });
    expect(json.map((c: { number: number }) => c.number)).toEqual([2, 1]);
    expect(json.every((c: { status: string }) => c.status === 'archived')).toBe(true);
    expect(json[0].topicName).toBe('Pain and acute problems');
    expect((await h.call('listConversations', { as: 'survey' })).json).toEqual([]);
  });

  test('A seeded conversation shows its messages oldest first with the professional’s name', async () => {
    const h = createHarness();
    const [latest] = (await h.call('listConversations', { as: 'patient' })).json;
    const { json } = await h.call('getConversation', { as: 'patient', path: { id: latest.id } });
    expect(json.messages.map((m: { sender: string }) => m.sender)).toEqual([
      'patient',
      'system',
      'professional',
      'patient',
      'professional',
    ]);
    expect(json.messages[2].senderName).toMatch(/^\S+, hammaslääkäri$/);
    expect(json.lastMessageAt).toBe(json.messages[4].sentAt);
  });

  test('Starting a conversation stores the message, a notice, and numbers it after the old ones', async () => {
    const h = createHarness();
    const { status, json } = await start(h, h.tokenFor('patient'), {
      topicId: 3,
      message: '  A piece of my molar broke off.  ',
    });
    expect(status).toBe(201);
    expect(json).toMatchObject({
      number: 3,
      topicId: 3,
      topicName: 'Pain and acute problems',
      status: 'active',
      startedAt: '2026-11-23T10:00:00+02:00',
      endedAt: null,
      lastMessageAt: '2026-11-23T10:00:00+02:00',
    });
    expect(json.messages).toEqual([
      expect.objectContaining({
        sender: 'patient',
        text: 'A piece of my molar broke off.',
        senderName: null,
      }),
      expect.objectContaining({
        sender: 'system',
        text: 'Thank you! An oral-health professional will answer you shortly.',
      }),
    ]);
  });

  test('A first conversation is number 1, and numbers are never reused', async () => {
    const h = createHarness();
    const token = h.tokenFor('admin');
    expect((await start(h, token)).json.number).toBe(1);
    const second = (await start(h, token)).json;
    expect(second.number).toBe(2);
    await h.call('closeConversation', { token, path: { id: second.id } });
    expect((await start(h, token)).json.number).toBe(3);
  });

  test('Starting a conversation archives the caller’s active one', async () => {
    const h = createHarness();
    const token = h.tokenFor('survey');
    const first = (await start(h, token)).json;
    h.state.clock.advance(60_000);
    const second = (await start(h, token)).json;
    const list = (await h.call('listConversations', { token })).json;
    expect(list.map((c: { id: number; status: string }) => [c.id, c.status])).toEqual([
      [second.id, 'active'],
      [first.id, 'archived'],
    ]);
    expect(list[1].endedAt).toBe('2026-11-23T10:01:00+02:00');
  });

  test('A conversation cannot be started before 8:00, at 16:00 or on a weekend', async () => {
    for (const instant of [
      '2026-11-23T07:59:00+02:00',
      '2026-11-23T16:00:00+02:00',
      '2026-11-28T12:00:00+02:00',
    ]) {
      const h = createHarness({ now: new Date(instant) });
      const { status, json } = await start(h, h.tokenFor('patient'));
      expect(status).toBe(409);
      expect(json.Code).toBe('chat-closed');
      expect(json.UserMessage).toBe('The chat is open on weekdays 08:00–16:00.');
    }
  });

  test('A conversation can be started at 8:00 and at 15:59', async () => {
    for (const instant of ['2026-11-23T08:00:00+02:00', '2026-11-23T15:59:00+02:00']) {
      const h = createHarness({ now: new Date(instant) });
      expect((await start(h, h.tokenFor('patient'))).status).toBe(201);
    }
  });

  test('The chat-closed scenario refuses new conversations inside the hours', async () => {
    const h = createHarness();
    h.state.settings.scenarios['chat-closed'] = true;
    expect((await start(h, h.tokenFor('patient'))).json.Code).toBe('chat-closed');
  });

  test('An unknown topic or a blank message is a validation error on its field', async () => {
    const h = createHarness();
    const { status, json } = await start(h, h.tokenFor('patient'), { topicId: 99, message: '   ' });
    expect(status).toBe(400);
    expect(json.Code).toBe('validation-failed');
    expect(json.Errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'message',
      'topicId',
    ]);
  });

  test('Someone else’s conversation is not found, as an unknown one (no hint that it exists)', async () => {
    const h = createHarness();
    const [seeded] = (await h.call('listConversations', { as: 'patient' })).json;
    for (const operationId of ['getConversation', 'closeConversation'] as const) {
      const other = await h.call(operationId, { as: 'admin', path: { id: seeded.id } });
      expect(other.status).toBe(404);
      expect(other.json.Code).toBe('not-found');
      expect((await h.call(operationId, { as: 'admin', path: { id: 9999 } })).status).toBe(404);
    }
    const send = await h.call('sendChatMessage', {
      as: 'admin',
      path: { id: seeded.id },
      body: { text: 'Hello' },
    });
    expect(send.status).toBe(404);
    expect((await h.call('listConversations', { as: 'admin' })).json).toEqual([]);
  });

  test('A user who has not accepted the terms cannot chat', async () => {
    const h = createHarness();
    const { status, json } = await start(h, h.tokenFor('first-login'));
    expect(status).toBe(403);
    expect(json.Code).toBe('terms-not-accepted');
  });
});

describe('messages and the professional', () => {
  test('The professional answers 3 seconds later by the clock, by topic and in the request language', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const started = (await start(h, token, { topicId: 3, message: 'Hammasta särkee.' }, 'fi')).json;
    h.state.clock.advance(REPLY_DELAY_MS - 1);
    const before = (await h.call('getConversation', { token, path: { id: started.id } })).json;
    expect(before.messages).toHaveLength(2);

    h.state.clock.advance(1);
    const after = (await h.call('getConversation', { token, path: { id: started.id } })).json;
    expect(after.messages).toHaveLength(3);
    const reply = after.messages[2];
    expect(reply).toMatchObject({ sender: 'professional', sentAt: '2026-11-23T10:00:03+02:00' });
    expect(reply.text).toContain('Ikävä kuulla');
    expect(reply.senderName).toMatch(/^\S+, hammaslääkäri$/);
    expect(after.lastMessageAt).toBe('2026-11-23T10:00:03+02:00');
  });

  test('Each patient message gets the topic’s next answer, then a closing one', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const { id } = (await start(h, token, { topicId: 5, message: 'Hi' }, 'sv')).json;
    for (const text of ['a', 'b', 'c']) {
      h.state.clock.advance(10_000);
      const sent = await h.call('sendChatMessage', {
        token,
        path: { id },
        body: { text },
        headers: { 'Accept-Language': 'sv' },
      });
      expect(sent.status).toBe(201);
    }
    h.state.clock.advance(10_000);
    const { json } = await h.call('getConversation', { token, path: { id } });
    const replies = json.messages.filter((m: { sender: string }) => m.sender === 'professional');
    expect(replies.map((m: { text: string }) => m.text.slice(0, 12))).toEqual([
      'Hej! Du kan ',
      'Du kan flytt',
      'Priserna ser',
      'Tack för dit',
    ]);
    expect(replies[0].senderName).toMatch(/^\S+, munhygienist$/);
    // Ids grow in the order the messages appeared.
    const ids = json.messages.map((m: { id: number }) => m.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const times = json.messages.map((m: { sentAt: string }) => Date.parse(m.sentAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  test('A sent message is stored and answered with 201 and the message', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const { id } = (await start(h, token)).json;
    h.state.clock.advance(5_000);
    const { status, json } = await h.call('sendChatMessage', {
      token,
      path: { id },
      body: { text: ' No pain. ' },
    });
    expect(status).toBe(201);
    expect(json).toMatchObject({
      sender: 'patient',
      senderName: null,
      text: 'No pain.',
      sentAt: '2026-11-23T10:00:05+02:00',
    });
  });

  test('A blank message is a validation error on text', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const { id } = (await start(h, token)).json;
    const { status, json } = await h.call('sendChatMessage', {
      token,
      path: { id },
      body: { text: ' ' },
    });
    expect(status).toBe(400);
    expect(json.Errors).toEqual([{ field: 'text', errorMessage: 'Please fill this field' }]);
  });

  test('Nothing can be sent to an archived conversation, even outside the hours', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const [archived] = (await h.call('listConversations', { token })).json;
    h.state.clock.set(new Date('2026-11-28T12:00:00+02:00'));
    const { status, json } = await h.call('sendChatMessage', {
      as: 'patient',
      path: { id: archived.id },
      body: { text: 'Hello again' },
    });
    expect(status).toBe(409);
    expect(json.Code).toBe('conversation-closed');
  });

  test('An active conversation cannot get messages after 16:00', async () => {
    const h = createHarness({ now: new Date('2026-11-23T15:59:00+02:00') });
    const token = h.tokenFor('patient');
    const { id } = (await start(h, token)).json;
    h.state.clock.set(new Date('2026-11-23T16:00:00+02:00'));
    const { status, json } = await h.call('sendChatMessage', {
      token,
      path: { id },
      body: { text: 'Hi' },
    });
    expect(status).toBe(409);
    expect(json.Code).toBe('chat-closed');
  });

  test('Closing archives the conversation once; closing again changes nothing', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const { id } = (await start(h, token)).json;
    h.state.clock.advance(60_000);
    const first = await h.call('closeConversation', { token, path: { id } });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ status: 'archived', endedAt: '2026-11-23T10:01:00+02:00' });
    // The answer due at 10:00:03 had come before the close.
    expect(first.json.messages).toHaveLength(3);
    h.state.clock.set(new Date('2026-11-28T12:00:00+02:00'));
    const again = await h.call('closeConversation', { as: 'patient', path: { id } });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
  });

  test('The professional does not answer in a conversation archived before the answer was due', async () => {
    const h = createHarness();
    const token = h.tokenFor('patient');
    const { id } = (await start(h, token)).json;
    await h.call('closeConversation', { token, path: { id } });
    h.state.clock.advance(60_000);
    const { json } = await h.call('getConversation', { token, path: { id } });
    expect(json.messages.map((m: { sender: string }) => m.sender)).toEqual(['patient', 'system']);
  });
});
