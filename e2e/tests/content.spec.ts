import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  API_HEADERS,
  expect as baseExpect,
  expectNoA11yViolations,
  devToken,
  test,
} from '../fixtures.ts';

/** The machine running the journeys is shared: lazy routes may take a while to arrive. */
const expect = baseExpect.configure({ timeout: 15_000 });

declare global {
  interface Window {
    /** Set only if an article's script or event handler ever ran. */
    contentXss?: string;
  }
}

// Each journey starts from the seed in a sandbox of its own. The first publishes an event and an
// article through the forms; the others start from the same two, published through the API.
// Each journey visits many pages with an axe scan on each: more than the default 30 s.
test.describe.configure({ timeout: 120_000 });
// Event days and publication dates are Finnish local dates (FINLAND.md).
test.use({ timezoneId: 'Europe/Helsinki' });

const stamp = Date.now().toString(36);
const eventTitle = `E2E themed day ${stamp}`;
const articleTitle = `E2E news ${stamp}`;
const ruleText = `E2E rule ${stamp}: bring your own toothbrush.`;
const unsafeBody =
  '<p>Welcome to the open doors.</p>' +
  '<script>window.contentXss = "script"</script>' +
  '<img src="/no-such-picture.png" onerror="window.contentXss = \'onerror\'" alt="Open doors">' +
  '<p><a href="javascript:window.contentXss = \'link\'">Read more</a></p>';

/** A day about a month ahead, `yyyy-MM-dd` in Helsinki. */
function dayAhead(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/**
 * The event and the article the first journey publishes through the forms, published through the
 * API (as the content manager) for the journeys that start from them.
 */
async function publishedContent(request: APIRequestContext): Promise<void> {
  const token = await devToken(request, 'content-manager');
  const headers = { ...API_HEADERS, Authorization: `Bearer ${token}` };
  const event = await request.post('/api/admin/events', {
    headers,
    data: {
      title: eventTitle,
      date: dayAhead(30),
      body: '<p>Free <strong>flossing</strong> lessons at every clinic.</p>',
      published: true,
    },
  });
  expect(event.status(), await event.text()).toBe(201);
  const article = await request.post('/api/admin/articles', {
    headers,
    data: { title: articleTitle, author: 'Sanna Sisältö', content: unsafeBody, published: true },
  });
  expect(article.status(), await article.text()).toBe(201);
}

/** The list item whose level-2 heading is `title`. */
function itemTitled(list: Locator, title: string): Locator {
  return list
    .getByRole('listitem')
    .filter({ has: list.page().getByRole('heading', { level: 2, name: title, exact: true }) });
}

async function openPage(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('a content manager creates an event and an article and publishes them', async ({
  page,
  loginAs,
}) => {
  await loginAs('content-manager');

  // Event: an empty form first, then a complete one, saved unpublished and published from the list.
  await openPage(page, '/en/events', 'Events');
  const events = page.getByRole('list', { name: 'Events' });
  await expect(events).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'New event' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New event' })).toBeVisible();
  await page.getByRole('button', { name: 'Create the event' }).click();
  // Three fields refused, summarised at the top (which takes the focus) with a link to each.
  await expect(page.locator('main [aria-invalid="true"]')).toHaveCount(3);
  await expect(page.locator('[data-error-summary]')).toBeFocused();
  await expect(page.locator('[data-error-summary] a')).toHaveCount(3);
  await page.getByRole('link', { name: 'Title: Fill the field' }).click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toBeFocused();
  await expectNoA11yViolations(page);
  await page.getByRole('textbox', { name: 'Title' }).fill(eventTitle);
  await page.getByLabel('Date').fill(dayAhead(30));
  await page
    .getByRole('textbox', { name: 'Description (HTML)' })
    .fill('<p>Free <strong>flossing</strong> lessons at every clinic.</p>');
  await expect(
    page.getByRole('group', { name: /^Preview/ }).locator('strong', { hasText: 'flossing' }),
  ).toBeVisible();
  await expect(page.getByText('Fill the field')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create the event' }).click();
  await expect(page.getByText('The event is saved.')).toBeVisible();
  const event = itemTitled(events, eventTitle);
  await expect(event.getByText('Not published')).toBeVisible();
  await event.getByRole('button', { name: `Publish: ${eventTitle}` }).click();
  await expect(event.getByText('Published', { exact: true })).toBeVisible();

  await event.getByRole('link', { name: `Edit: ${eventTitle}` }).click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(eventTitle);
  await expectNoA11yViolations(page);

  // Article: its body carries a script, an onerror handler and a javascript: link.
  await openPage(page, '/en/news', 'News');
  const articles = page.getByRole('list', { name: 'Articles' });
  await expect(articles).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'New article' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New article' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title' }).fill(articleTitle);
  await page.getByRole('textbox', { name: 'Author' }).fill('Sanna Sisältö');
  await page.getByRole('textbox', { name: 'Body (HTML)' }).fill(unsafeBody);
  const preview = page.getByRole('group', { name: /^Preview/ });
  await expect(preview.getByText('Welcome to the open doors.')).toBeVisible();
  await expect(preview.locator('script')).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Create the article' }).click();
  await expect(page.getByText('The article is saved.')).toBeVisible();
  const article = itemTitled(articles, articleTitle);
  await expect(article.getByText('Draft')).toBeVisible();
  await article.getByRole('button', { name: `Publish: ${articleTitle}` }).click();
  await expect(article.getByText('Published', { exact: true }).first()).toBeVisible();

  await article.getByRole('link', { name: `Edit: ${articleTitle}` }).click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(articleTitle);
  await expectNoA11yViolations(page);
  expect(await page.evaluate(() => window.contentXss)).toBeUndefined();
});

test('a patient reads the new article with its script inert and sets a reminder for the event', async ({
  page,
  request,
  loginAs,
}) => {
  await publishedContent(request);
  await loginAs('patient');

  await openPage(page, '/en/news', 'News');
  const articles = page.getByRole('list', { name: 'Articles' });
  await expect(articles).toBeVisible();
  await expectNoA11yViolations(page);
  await itemTitled(articles, articleTitle).getByRole('link', { name: articleTitle }).click();
  const article = page.getByRole('article', { name: articleTitle });
  await expect(article.getByText('Welcome to the open doors.')).toBeVisible();
  await expect(article.getByRole('img', { name: 'Open doors' })).toBeAttached();
  await expect(article.locator('script')).toHaveCount(0);
  await expect(article.locator('[onerror]')).toHaveCount(0);
  await expect(article.getByText('Read more')).not.toHaveAttribute('href', /javascript:/);
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => window.contentXss)).toBeUndefined();
  await expectNoA11yViolations(page);

  await openPage(page, '/en/events', 'Events');
  const events = page.getByRole('list', { name: 'Events' });
  await expect(events).toBeVisible();
  await expectNoA11yViolations(page);
  await itemTitled(events, eventTitle).getByRole('link', { name: eventTitle }).click();
  const event = page.getByRole('article', { name: eventTitle });
  await expect(event.getByText('Free flossing lessons at every clinic.')).toBeVisible();
  await event.getByRole('radio', { name: 'Email' }).click();
  await expectNoA11yViolations(page);
  await event.getByRole('button', { name: 'Turn the reminder on' }).click();
  await expect(event.getByText(/^The reminder is on: we will email you on /)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Back to the events' }).click();
  await expect(itemTitled(events, eventTitle).getByText('Reminder on (email)')).toBeVisible();
});

test('a content manager creates and deactivates a rule, and deletes content after confirming', async ({
  page,
  request,
  loginAs,
}) => {
  await publishedContent(request);
  await loginAs('content-manager');

  await openPage(page, '/en/rules', 'Rules');
  const rules = page.getByRole('list', { name: 'Rules' });
  await expect(rules).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'New rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'New rule' });
  await dialog.getByRole('button', { name: 'Create the rule' }).click();
  await expect(dialog.getByText('Fill the field')).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('textbox', { name: 'Rule' }).fill(ruleText);
  await dialog.getByRole('button', { name: 'Create the rule' }).click();
  await expect(dialog).toBeHidden();
  const rule = rules.getByRole('listitem').filter({ hasText: ruleText });
  await expect(rule.getByText('Active', { exact: true })).toBeVisible();
  await rule.getByRole('button', { name: 'Deactivate' }).click();
  await expect(rule.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(rule.getByRole('button', { name: 'Activate' })).toBeVisible();

  await rule.getByRole('button', { name: 'Delete' }).click();
  const confirmRule = page.getByRole('alertdialog', { name: 'Delete this rule?' });
  await expectNoA11yViolations(page);
  await confirmRule.getByRole('button', { name: 'Keep the rule' }).click();
  await expect(confirmRule).toBeHidden();
  await expect(rule).toBeVisible();
  await rule.getByRole('button', { name: 'Delete' }).click();
  await confirmRule.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByText('The rule is deleted.')).toBeVisible();
  await expect(rule).toHaveCount(0);

  await openPage(page, '/en/events', 'Events');
  const event = itemTitled(page.getByRole('list', { name: 'Events' }), eventTitle);
  await event.getByRole('button', { name: `Delete: ${eventTitle}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this event?' })
    .getByRole('button', { name: 'Yes, delete' })
    .click();
  await expect(page.getByText('The event is deleted.')).toBeVisible();
  await expect(event).toHaveCount(0);

  await openPage(page, '/en/news', 'News');
  const article = itemTitled(page.getByRole('list', { name: 'Articles' }), articleTitle);
  await article.getByRole('link', { name: `Edit: ${articleTitle}` }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this article?' })
    .getByRole('button', { name: 'Yes, delete' })
    .click();
  await expect(page.getByText('The article is deleted.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Articles' }).getByRole('heading', { name: articleTitle }),
  ).toHaveCount(0);
});
