import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';

afterEach(stopApp);

/** The first screen waits for the lazy route and the session: longer than findBy's 1 s. */
const FIRST_SCREEN = { timeout: 15_000 };

function itemOf(list: HTMLElement, title: string): HTMLElement {
  const heading = within(list).getByRole('heading', { level: 2, name: title });
  const item = heading.closest('li');
  if (item === null) throw new Error(`No list item for ${title}`);
  return item;
}

describe('news for patients', () => {
  test('the patient sees the published articles newest first, without drafts', async () => {
    await renderApp('/en/news', { user: 'patient' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'News' }, FIRST_SCREEN),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Articles' }, FIRST_SCREEN);
    const titles = within(list)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(titles).toHaveLength(9);
    expect(titles[0]).toBe('Suun terveys raskauden aikana');
    expect(titles).not.toContain('Hinnaston päivitys');
    expect(within(list).queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  test('in English the news say they are Finnish only, and their Finnish text is marked so', async () => {
    await renderApp('/en/news', { user: 'patient' });
    const user = userEvent.setup();
    expect(
      await screen.findByText('News is published in Finnish only.', {}, FIRST_SCREEN),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Articles' }, FIRST_SCREEN);
    const item = itemOf(list, 'Suun terveys raskauden aikana');
    const link = within(item).getByRole('link', { name: 'Suun terveys raskauden aikana' });
    expect(link).toHaveAttribute('lang', 'fi');
    expect(item.querySelector('p[lang="fi"]')?.textContent).not.toBe('');
    await user.click(link);
    const heading = await screen.findByRole(
      'heading',
      { level: 1, name: 'Suun terveys raskauden aikana' },
      FIRST_SCREEN,
    );
    expect(heading).toHaveAttribute('lang', 'fi');
    expect(screen.getByTestId('article-body')).toHaveAttribute('lang', 'fi');
    expect(screen.getByText('News is published in Finnish only.')).toBeInTheDocument();
  });

  test('in Finnish the news need no such word', async () => {
    await renderApp('/fi/news', { user: 'patient' });
    await screen.findByRole('list', { name: 'Uutiset' }, FIRST_SCREEN);
    expect(screen.queryByText('Uutiset julkaistaan vain suomeksi.')).toBeNull();
  });

  test('the patient opens an article whose script is removed before it is shown', async () => {
    await renderApp('/en/news', { user: 'patient' });
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Articles' }, FIRST_SCREEN);
    const item = itemOf(list, 'Kuvakooste: avoimien ovien päivä Kalliossa');
    expect(item).not.toHaveTextContent('xss');
    await user.click(within(item).getByRole('link'));
    const article = await screen.findByRole(
      'article',
      { name: 'Kuvakooste: avoimien ovien päivä Kalliossa' },
      FIRST_SCREEN,
    );
    expect(within(article).getByText(/Kiitos kaikille/)).toBeInTheDocument();
    expect(article.querySelector('script')).toBeNull();
    expect(within(article).getByRole('img', { name: 'Avoimet ovet' })).not.toHaveAttribute(
      'onerror',
    );
    await user.click(screen.getByRole('link', { name: 'Back to the news' }));
    expect(await screen.findByRole('list', { name: 'Articles' })).toBeInTheDocument();
  });

  test('a draft or unknown article says it was not found', async () => {
    await renderApp('/en/article/9999', { user: 'patient' });
    expect(await screen.findByText('Article not found', {}, FIRST_SCREEN)).toBeInTheDocument();
  });

  test('the news list reads in Finnish', async () => {
    await renderApp('/fi/news', { user: 'patient' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Uutiset' }, FIRST_SCREEN),
    ).toBeInTheDocument();
  });

  test('without articles the patient sees the empty state', async () => {
    const app = await renderApp('/en/news', { user: 'patient' });
    app.mock.server.use(
      http.get('*/api/articles', () =>
        HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20 }),
      ),
    );
    expect(
      await screen.findByRole('heading', { name: 'There is no news yet' }, FIRST_SCREEN),
    ).toBeInTheDocument();
  });
});

describe('news for staff', () => {
  test('the content manager sees drafts and publishes one', async () => {
    await renderApp('/en/news', { user: 'content-manager' });
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Articles' }, FIRST_SCREEN);
    const draft = itemOf(list, 'Hinnaston päivitys');
    expect(within(draft).getByText('Draft')).toBeInTheDocument();
    await user.click(within(draft).getByRole('button', { name: 'Publish: Hinnaston päivitys' }));
    expect(await screen.findByText('The article is published.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(
          itemOf(screen.getByRole('list', { name: 'Articles' }), 'Hinnaston päivitys'),
        ).getAllByText('Published').length,
      ).toBeGreaterThan(0),
    );
  });

  test('an empty article form says which fields to fill, then the article is created', async () => {
    await renderApp('/en/article', { user: 'content-manager' });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'New article' }, FIRST_SCREEN);
    const author = screen.getByRole('textbox', { name: 'Author' });
    await user.clear(author);
    await user.click(screen.getByRole('button', { name: 'Create the article' }));
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('Fill the field')).toHaveLength(3);
    // The summary at the top takes the focus and links to the three fields.
    expect(
      screen.getByRole('heading', { name: 'There is a problem' }).closest('[tabindex="-1"]'),
    ).toHaveFocus();
    await user.click(screen.getByRole('link', { name: 'Title: Fill the field' }));
    expect(title).toHaveFocus();

    await user.type(title, 'Opening hours at Easter');
    await user.type(author, 'Sanna Sisältö');
    await user.type(
      screen.getByRole('textbox', { name: 'Body (HTML)' }),
      '<p>Closed on Good Friday.</p>',
    );
    const preview = screen.getByRole('group', { name: /^Preview/ });
    expect(within(preview).getByText('Closed on Good Friday.').tagName).toBe('P');
    await user.click(screen.getByRole('checkbox', { name: 'Published' }));
    await user.click(screen.getByRole('button', { name: 'Create the article' }));

    expect(await screen.findByText('The article is saved.')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Articles' });
    expect(within(itemOf(list, 'Opening hours at Easter')).getAllByText('Published').length).toBe(
      2,
    );
  });

  test('the content manager edits an article and deletes it after confirming', async () => {
    await renderApp('/en/news', { user: 'content-manager' });
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Articles' }, FIRST_SCREEN);
    await user.click(
      within(itemOf(list, 'Hinnaston päivitys')).getByRole('link', { name: /^Edit/ }),
    );
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Hinnaston päivitys');
    await user.clear(title);
    await user.type(title, 'Hinnasto 2027');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const updated = await screen.findByRole('list', { name: 'Articles' });
    const item = itemOf(updated, 'Hinnasto 2027');

    await user.click(within(item).getByRole('button', { name: 'Delete: Hinnasto 2027' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this article?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('The article is deleted.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Articles' })).queryByRole('heading', {
          name: 'Hinnasto 2027',
        }),
      ).toBeNull(),
    );
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'News' })).toHaveFocus(),
    );
  });

  test('a failed delete says so', async () => {
    const app = await renderApp('/en/news', { user: 'content-manager' });
    app.mock.server.use(
      http.delete('*/api/admin/articles/:id', () =>
        HttpResponse.json({ Code: 'server-error' }, { status: 500 }),
      ),
    );
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Articles' }, FIRST_SCREEN);
    await user.click(
      within(itemOf(list, 'Hinnaston päivitys')).getByRole('button', {
        name: 'Delete: Hinnaston päivitys',
      }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, delete' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete the article');
  });
});
