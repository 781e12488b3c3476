import * as anamnesis from '../../core/content/anamnesis.ts';
import * as articles from '../../core/content/articles.ts';
import * as events from '../../core/content/events.ts';
import { sendFeedback } from '../../core/content/feedback.ts';
import * as rules from '../../core/content/rules.ts';
import type { MessageKey } from '../../core/messages.ts';
import { type Result } from '../../core/result.ts';
import type { OperationId } from '@portal/sdk/contract';
import { reply } from '../pipeline.ts';
import type { OperationHandlers, Reply } from '../types.ts';

/** A core result as the contract's answer: the value with `status`, or the domain error. */
function respond<T>(result: Result<T>, status: number): Result<Reply> {
  return result.ok ? reply.json(status, result.value) : result;
}

function done(result: Result<unknown>): Result<Reply> {
  return result.ok ? reply.noContent() : result;
}

/** The signed-in caller (the pipeline has already answered 401 for anonymous calls). */

/** Handlers of the anamnesis, feedback, news, events and rules operations: request → core → reply. */
export const contentHandlers: OperationHandlers = {
  getAnamnesis: ({ state, person }) => reply.json(200, anamnesis.getAnamnesis(state, person.id)),
  submitAnamnesis: ({ state, person, body }) =>
    respond(anamnesis.submitAnamnesis(state, person.id, body), 201),

  sendFeedback: ({ state, user, body }) => respond(sendFeedback(state, user.id, body), 201),

  listArticles: ({ state, query }) => reply.json(200, articles.listArticles(state, query)),
  getArticle: ({ state, path }) => respond(articles.getArticle(state, path.id), 200),
  adminListArticles: ({ state, query }) =>
    reply.json(200, articles.adminListArticles(state, query)),
  createArticle: ({ state, body }) => respond(articles.createArticle(state, body), 201),
  adminGetArticle: ({ state, path }) => respond(articles.adminGetArticle(state, path.id), 200),
  updateArticle: ({ state, path, body }) =>
    respond(articles.updateArticle(state, path.id, body), 200),
  deleteArticle: ({ state, path }) => done(articles.deleteArticle(state, path.id)),

  listEvents: ({ state, user, query }) =>
    reply.json(200, events.listEvents(state, user.id, query.from)),
  getEvent: ({ state, user, path }) => respond(events.getEvent(state, user.id, path.id), 200),
  setEventReminder: ({ state, user, path, body, language, origin }) =>
    respond(
      events.setEventReminder(state, user, path.id, body, {
        language,
        origin,
      }),
      200,
    ),
  deleteEventReminder: ({ state, user, path }) =>
    done(events.deleteEventReminder(state, user.id, path.id)),
  adminListEvents: ({ state, query }) => reply.json(200, events.adminListEvents(state, query)),
  createEvent: ({ state, body }) => respond(events.createEvent(state, body), 201),
  adminGetEvent: ({ state, path }) => respond(events.adminGetEvent(state, path.id), 200),
  updateEvent: ({ state, path, body }) => respond(events.updateEvent(state, path.id, body), 200),
  deleteEvent: ({ state, path }) => done(events.deleteEvent(state, path.id)),

  listRules: ({ state, query }) => reply.json(200, rules.listRules(state, query.status)),
  createRule: ({ state, body }) => respond(rules.createRule(state, body), 201),
  getRule: ({ state, path }) => respond(rules.getRule(state, path.id), 200),
  updateRule: ({ state, path, body }) => respond(rules.updateRule(state, path.id, body), 200),
  deleteRule: ({ state, path }) => done(rules.deleteRule(state, path.id)),
};

/**
 * The form's own words for the fields the contract's schema already rejects before a handler
 * runs (missing, empty or blank). Not wired yet: the pipeline would apply it to the field
 * problems of these operations (see the content area's report).
 */
export const contentFieldMessages: Partial<Record<OperationId, Record<string, MessageKey>>> = {
  sendFeedback: { branchId: 'feedback.chooseOffice', text: 'feedback.required' },
  createEvent: {
    title: 'event.fillField',
    body: 'event.fillField',
    date: 'event.fillField',
    published: 'event.fillField',
  },
  updateEvent: {
    title: 'event.fillField',
    body: 'event.fillField',
    date: 'event.fillField',
    published: 'event.fillField',
  },
  submitAnamnesis: {
    'consents.customerRegisterAccepted': 'anamnesis.consentRequired',
    'consents.patientRegisterAccepted': 'anamnesis.consentRequired',
  },
};
