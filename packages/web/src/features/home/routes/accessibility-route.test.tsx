import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { renderApp, stopApp } from '../../../app/testing/render-app.tsx';
import lastCheck from '../accessibility/last-check.json';

afterEach(stopApp);

const FIRST_SCREEN = { timeout: 15_000 };
/** The whole app renders per test; a loaded machine needs time. */
const SLOW = 60_000;

/** `2026-11-27` as the page writes it. */
const shown = (day: string): string => {
  const [year, month, date] = day.split('-');
  return `${Number(date)}.${Number(month)}.${year}`;
};

describe('the accessibility statement', () => {
  test.each([
    ['fi', 'Saavutettavuusseloste', 'Tunnetut puutteet', 'Siirry palautelomakkeelle'],
    ['sv', 'Tillgänglighetsutlåtande', 'Kända brister', 'Gå till responsformuläret'],
    ['en', 'Accessibility statement', 'Known gaps', 'Go to the feedback form'],
  ])(
    'in %s: the standard, the date the checks last passed, the gaps and the way to give feedback',
    async (language, title, gaps, feedback) => {
      await renderApp(`/${language}/accessibility`);
      const heading = await screen.findByRole('heading', { level: 1, name: title }, FIRST_SCREEN);
      const article = heading.closest('article') as HTMLElement;
      expect(article).toHaveTextContent('WCAG 2.1');
      expect(article).toHaveTextContent('EN 301 549');
      expect(article).toHaveTextContent(
        `${shown(lastCheck.date)} (axe ${lastCheck.axe}, IBM Equal Access ${lastCheck.equalAccess})`,
      );
      const known = screen.getByRole('heading', { level: 2, name: gaps });
      expect(within(known.closest('section') as HTMLElement).getAllByRole('listitem')).toHaveLength(
        3,
      );
      expect(screen.getByRole('link', { name: feedback })).toHaveAttribute(
        'href',
        `/${language}/feedback`,
      );
      expect(screen.getByRole('link', { name: 'saavutettavuusvaatimukset.fi' })).toHaveAttribute(
        'href',
        'https://www.saavutettavuusvaatimukset.fi/',
      );
    },
    SLOW,
  );

  test(
    'the about page links to it',
    async () => {
      const user = userEvent.setup({ delay: null });
      await renderApp('/fi/about');
      await screen.findByRole('heading', { level: 1, name: 'Tietoa palvelusta' }, FIRST_SCREEN);
      await user.click(screen.getByRole('link', { name: 'Saavutettavuusseloste' }));
      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: 'Saavutettavuusseloste' },
          FIRST_SCREEN,
        ),
      ).toBeInTheDocument();
      expect(window.location.pathname).toBe('/fi/accessibility');
    },
    SLOW,
  );
});
