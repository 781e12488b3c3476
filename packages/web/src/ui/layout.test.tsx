import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, test } from 'vitest';
import { Button } from './button.tsx';
import { Card } from './card.tsx';
import { Page, PageHeader } from './page.tsx';
import { SkipLink } from './skip-link.tsx';
import { Spinner } from './spinner.tsx';
import { renderWithI18n } from './test-utils.tsx';
import { VisuallyHidden } from './visually-hidden.tsx';

describe('Page, PageHeader and Card', () => {
  test('the header has the h1, its description and actions, and the h1 can take focus', () => {
    const ref = createRef<HTMLHeadingElement>();
    renderWithI18n(
      <Page width="narrow">
        <PageHeader
          title="My reservations"
          description="Confirm, reschedule or cancel."
          actions={<Button>Book</Button>}
          headingRef={ref}
        />
      </Page>,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'My reservations' });
    expect(screen.getByText('Confirm, reschedule or cancel.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book' })).toBeInTheDocument();
    ref.current?.focus();
    expect(heading).toHaveFocus();
  });

  test('a card with a title is a section named by its heading', () => {
    renderWithI18n(
      <>
        <Card title="Consents" actions={<a href="/terms">Terms</a>}>
          <p>Marketing by email</p>
        </Card>
        <Card>
          <p>Plain</p>
        </Card>
      </>,
    );
    // An article, not a region: a list of cards with equal titles must not repeat landmarks.
    const card = screen.getByRole('article', { name: 'Consents' });
    expect(card).toHaveTextContent('Marketing by email');
    expect(screen.getByRole('heading', { level: 2, name: 'Consents' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.queryAllByRole('region')).toHaveLength(0);
  });

  test('cards with equal titles are told apart by the text they name as their label', () => {
    renderWithI18n(
      <ul>
        {['7.12.2026 at 12:00', '14.12.2026 at 9:30'].map((when, index) => (
          <li key={when}>
            <Card title="Dental check-up" labelledBy={`when-${index}`}>
              <p id={`when-${index}`}>{when}</p>
            </Card>
          </li>
        ))}
      </ul>,
    );
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(
      screen.getByRole('article', { name: 'Dental check-up 7.12.2026 at 12:00' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('article', { name: 'Dental check-up 14.12.2026 at 9:30' }),
    ).toBeInTheDocument();
  });
});

describe('SkipLink', () => {
  test('is the first tab stop and moves focus to the main content', async () => {
    const user = userEvent.setup();
    renderWithI18n(
      <>
        <SkipLink />
        <nav>
          <a href="/reservation">Book</a>
        </nav>
        <main id="main-content">Content</main>
      </>,
    );
    await user.tab();
    const link = screen.getByRole('link', { name: 'Skip to main content' });
    expect(link).toHaveFocus();
    expect(link).toHaveAttribute('href', '#main-content');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByRole('main')).toHaveAttribute('tabindex', '-1');
  });

  test('is translated', () => {
    renderWithI18n(<SkipLink />, { lng: 'sv' });
    expect(screen.getByRole('link', { name: 'Hoppa till huvudinnehållet' })).toBeInTheDocument();
  });
});

describe('Spinner and VisuallyHidden', () => {
  test('a spinner on its own is a status named Loading', () => {
    renderWithI18n(<Spinner />, { lng: 'fi' });
    expect(screen.getByRole('status', { name: 'Ladataan…' })).toBeInTheDocument();
  });

  test('a decorative spinner is hidden from assistive technology', () => {
    renderWithI18n(<Spinner decorative />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  test('visually hidden text still names a control', () => {
    renderWithI18n(
      <button type="button">
        <VisuallyHidden>Open menu</VisuallyHidden>
      </button>,
    );
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  });
});
