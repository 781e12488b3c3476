import { describe, expect, test } from 'vitest';
import { createHarness } from '../../../test/harness.ts';
import { UNSAFE_ARTICLE_ID } from './seed.ts';

type Article = { id: number; published: boolean; publishedAt: string | null; createdAt: string };

const draft = {
  title: 'Joulun aukioloajat',
  content: '<p>Suljettu 24.–26.12.</p>',
  author: 'Sanna Sisältö',
  published: false,
};

describe('news articles', () => {
  test('Patients see only published articles, newest first by publication time', async () => {
    const h = createHarness();
    const { status, json } = await h.call('listArticles', { as: 'patient' });
    expect(status).toBe(200);
    const items = json.items as Article[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((a) => a.published && a.publishedAt)).toBe(true);
    const times = items.map((a) => Date.parse(a.publishedAt!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const drafts = h.state.db.article.getAll().filter((a) => !a.published);
    expect(drafts.length).toBeGreaterThan(0);
    expect(json.total).toBe(h.state.db.article.count() - drafts.length);
  });

  test('The article list is paged with page, pageSize and total', async () => {
    const h = createHarness();
    const all = (await h.call('listArticles', { as: 'patient' })).json;
    expect(all).toMatchObject({ page: 1, pageSize: 20 });
    const second = (
      await h.call('listArticles', { as: 'patient', query: { page: 2, pageSize: 3 } })
    ).json;
    expect(second).toMatchObject({ page: 2, pageSize: 3, total: all.total });
    expect(second.items).toEqual(all.items.slice(3, 6));
    const past = (await h.call('listArticles', { as: 'patient', query: { page: 50 } })).json;
    expect(past.items).toEqual([]);
    expect(past.total).toBe(all.total);
    const tooBig = await h.call('listArticles', { as: 'patient', query: { pageSize: 101 } });
    expect(tooBig.status).toBe(400);
    expect(tooBig.json.Errors[0].field).toBe('pageSize');
  });

  test('A patient gets 404 for a draft and for an unknown article', async () => {
    const h = createHarness();
    const hidden = h.state.db.article.getAll().find((a) => !a.published)!;
    expect((await h.call('getArticle', { as: 'patient', path: { id: hidden.id } })).status).toBe(
      404,
    );
    expect((await h.call('getArticle', { as: 'patient', path: { id: 999 } })).status).toBe(404);
    const visible = await h.call('getArticle', { as: 'patient', path: { id: 1 } });
    expect(visible.status).toBe(200);
    expect(visible.json.id).toBe(1);
  });

  test('Staff see drafts too, newest first by creation time', async () => {
    const h = createHarness();
    const { json } = await h.call('adminListArticles', { as: 'content-manager' });
    expect(json.total).toBe(h.state.db.article.count());
    const items = json.items as Article[];
    expect(items.some((a) => !a.published)).toBe(true);
    const times = items.map((a) => Date.parse(a.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const one = await h.call('adminGetArticle', { as: 'admin', path: { id: items[0]!.id } });
    expect(one.json).toEqual(items[0]);
    expect((await h.call('adminGetArticle', { as: 'admin', path: { id: 999 } })).status).toBe(404);
  });

  test('Staff search finds the text in the title, the content or the author, whatever the case', async () => {
    const h = createHarness();
    const search = async (text: string) =>
      (
        (await h.call('adminListArticles', { as: 'admin', query: { search: text } })).json
          .items as { id: number }[]
      ).map((a) => a.id);
    expect(await search('HERVANTA')).toEqual([1]);
    expect(await search('ksylitoli')).toContain(4);
    expect(await search('laura koskinen')).toEqual(expect.arrayContaining([3, 8]));
    expect(await search('aukioloajat')).toEqual([9]);
    expect(await search('no such words anywhere')).toEqual([]);
  });

  test('Creating a published article sets publishedAt to now and patients see it first', async () => {
    const h = createHarness();
    h.state.clock.set(new Date('2026-11-30T10:00:00+02:00'));
    const created = await h.call('createArticle', {
      as: 'content-manager',
      body: { ...draft, published: true },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      published: true,
      publishedAt: '2026-11-30T10:00:00+02:00',
      createdAt: '2026-11-30T10:00:00+02:00',
      updatedAt: '2026-11-30T10:00:00+02:00',
    });
    const list = await h.call('listArticles', { as: 'patient' });
    expect(list.json.items[0].id).toBe(created.json.id);
  });

  test('A new draft has no publishedAt and patients cannot see it', async () => {
    const h = createHarness();
    const created = await h.call('createArticle', { as: 'admin', body: draft });
    expect(created.json.publishedAt).toBeNull();
    expect(
      (await h.call('getArticle', { as: 'patient', path: { id: created.json.id } })).status,
    ).toBe(404);
  });

  test('Publishing sets publishedAt, saving again keeps it, unpublishing clears it', async () => {
    const h = createHarness();
    const id = (await h.call('createArticle', { as: 'admin', body: draft })).json.id;
    h.state.clock.set(new Date('2026-12-01T09:30:00+02:00'));
    const published = await h.call('updateArticle', {
      as: 'admin',
      path: { id },
      body: { ...draft, published: true },
    });
    expect(published.json.publishedAt).toBe('2026-12-01T09:30:00+02:00');
    h.state.clock.set(new Date('2026-12-02T12:00:00+02:00'));
    const edited = await h.call('updateArticle', {
      as: 'admin',
      path: { id },
      body: { ...draft, title: 'Joulun ja uudenvuoden aukioloajat', published: true },
    });
    expect(edited.json).toMatchObject({
      title: 'Joulun ja uudenvuoden aukioloajat',
      publishedAt: '2026-12-01T09:30:00+02:00',
      updatedAt: '2026-12-02T12:00:00+02:00',
    });
    const hidden = await h.call('updateArticle', { as: 'admin', path: { id }, body: draft });
    expect(hidden.json.publishedAt).toBeNull();
    expect((await h.call('getArticle', { as: 'patient', path: { id } })).status).toBe(404);
  });

  test('Updating an unknown article answers 404', async () => {
    const h = createHarness();
    const { status } = await h.call('updateArticle', {
      as: 'admin',
      path: { id: 999 },
      body: draft,
    });
    expect(status).toBe(404);
  });

  test('A deleted article is gone for patients and staff', async () => {
    const h = createHarness();
    expect((await h.call('deleteArticle', { as: 'content-manager', path: { id: 1 } })).status).toBe(
      204,
    );
    expect((await h.call('getArticle', { as: 'patient', path: { id: 1 } })).status).toBe(404);
    expect((await h.call('adminGetArticle', { as: 'admin', path: { id: 1 } })).status).toBe(404);
    expect((await h.call('deleteArticle', { as: 'admin', path: { id: 1 } })).status).toBe(404);
  });

  test('A blank title or a missing author is refused field by field', async () => {
    const h = createHarness();
    const { status, json } = await h.call('createArticle', {
      as: 'admin',
      body: { title: '   ', content: '<p>x</p>', published: true },
    });
    expect(status).toBe(400);
    expect(json.Errors.map((e: { field: string }) => e.field).sort()).toEqual(['author', 'title']);
  });

  test('The seed keeps one unsafe article (stored before saving sanitised) for the web to sanitise', async () => {
    const h = createHarness();
    const unsafe = await h.call('getArticle', { as: 'patient', path: { id: UNSAFE_ARTICLE_ID } });
    expect(unsafe.json.content).toContain('<script>');
    expect(unsafe.json.content).toMatch(/onerror=/);
    const content = '<p onclick="x()">Hi</p><script>alert(1)</script>';
    const created = await h.call('createArticle', { as: 'admin', body: { ...draft, content } });
    expect(created.json.content).toBe('<p>Hi</p>');
  });

  test('The seed has 8–12 Finnish articles with authors, dated before the clock', async () => {
    const h = createHarness();
    const { json } = await h.call('adminListArticles', { as: 'admin', query: { pageSize: 100 } });
    expect(json.total).toBeGreaterThanOrEqual(8);
    expect(json.total).toBeLessThanOrEqual(12);
    for (const article of json.items) {
      expect(article.author.length).toBeGreaterThan(0);
      expect(Date.parse(article.createdAt)).toBeLessThanOrEqual(h.state.clock.nowMs());
      if (article.publishedAt)
        expect(Date.parse(article.publishedAt)).toBeLessThanOrEqual(h.state.clock.nowMs());
    }
    expect(
      json.items.filter((a: { title: string }) => /[äö]/.test(a.title)).length,
    ).toBeGreaterThan(3);
  });

  test('Article HTML is sanitised when saved: scripts, handlers and javascript: links go, formatting stays', async () => {
    const h = createHarness();
    const created = await h.call('createArticle', {
      as: 'content-manager',
      body: {
        ...draft,
        content:
          '<h2>Talvi</h2><p onclick="steal()">Hyvä <b>hymy</b></p><img src="x" onerror="alert(1)">' +
          '<script>alert(2)</script><a href="javascript:alert(3)">linkki</a>',
      },
    });
    expect(created.status).toBe(201);
    expect(created.json.content).toBe(
      '<h2>Talvi</h2><p>Hyvä <b>hymy</b></p><img src><a href>linkki</a>',
    );
    const updated = await h.call('updateArticle', {
      as: 'content-manager',
      path: { id: created.json.id },
      body: { ...draft, content: '<p>Ok</p><iframe src="//evil.example"></iframe>' },
    });
    expect(updated.json.content).toBe('<p>Ok</p>');
    // Nothing but a script is nothing: the field must be filled.
    const empty = await h.call('createArticle', {
      as: 'content-manager',
      body: { ...draft, content: '<script>alert(1)</script>' },
    });
    expect(empty.status).toBe(400);
    expect(empty.json.Errors.map((e: { field: string }) => e.field)).toEqual(['content']);
  });
});
