import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { SlotCalendar } from './slot-calendar.tsx';
import { renderShared } from './testing/render.tsx';

function renderCalendar(language: 'fi' | 'sv' | 'en', month = '2026-12') {
  const handlers = {
    onSelectDay: vi.fn<(day: string) => void>(),
    onPreviousMonth: vi.fn<() => void>(),
    onNextMonth: vi.fn<() => void>(),
  };
  renderShared(
    <SlotCalendar
      month={month}
      selected="2026-12-01"
      today="2026-11-20"
      availableDays={['2026-12-03', '2026-12-04']}
      {...handlers}
    />,
    { lng: language },
  );
  return handlers;
}

/**
 * The weekday headings, in order. react-day-picker hides the header row from assistive
 * technology (each day button names its weekday), so they are read from the grid's markup.
 */
const weekdayHeadings = () =>
  Array.from(screen.getByRole('grid').querySelectorAll('th.rdp-weekday')).map(
    (heading) => heading.textContent,
  );
const firstWeekdayName = () =>
  screen.getByRole('grid').querySelector('th.rdp-weekday')?.getAttribute('aria-label');

describe('slot calendar', () => {
  test('Finnish weeks start on Monday with one-letter headings', () => {
    renderCalendar('fi');
    expect(weekdayHeadings()).toEqual(['M', 'T', 'K', 'T', 'P', 'L', 'S']);
    expect(firstWeekdayName()).toBe('maanantai');
  });

  test('Swedish weeks start on Monday', () => {
    renderCalendar('sv');
    expect(weekdayHeadings()).toEqual(['M', 'T', 'O', 'T', 'F', 'L', 'S']);
    expect(firstWeekdayName()).toBe('måndag');
  });

  test('English weeks start on Sunday', () => {
    renderCalendar('en');
    expect(weekdayHeadings()).toEqual(['S', 'M', 'T', 'W', 'T', 'F', 'S']);
    expect(firstWeekdayName()).toBe('Sunday');
  });

  test('(fi) each week shows its number: the week with 4 January is week 1, so 28.12.2026–3.1.2027 is week 53', () => {
    renderCalendar('fi', '2027-01');
    const last = screen.getByRole('rowheader', { name: 'Viikko 53' });
    expect(last).toHaveTextContent(/^53$/);
    const lastWeek = last.closest('tr') as HTMLElement;
    expect(
      within(lastWeek).getByRole('button', { name: /^perjantaina 1\. tammikuuta 2027/ }),
    ).toBeInTheDocument();
    const first = screen.getByRole('rowheader', { name: 'Viikko 1' }).closest('tr') as HTMLElement;
    expect(
      within(first).getByRole('button', { name: /^maanantaina 4\. tammikuuta 2027/ }),
    ).toBeInTheDocument();
  });

  test('(sv) each week shows its number: 30.11.–6.12.2026 is week 49', () => {
    renderCalendar('sv');
    const week = screen.getByRole('rowheader', { name: 'Vecka 49' }).closest('tr') as HTMLElement;
    expect(
      within(week).getByRole('button', { name: /^söndag 6 december 2026/ }),
    ).toBeInTheDocument();
  });

  test('(en) an English calendar, from Sunday, shows no week numbers', () => {
    renderCalendar('en');
    expect(screen.queryAllByRole('rowheader')).toEqual([]);
  });

  test.each([
    ['fi', 'Kuukauden vaihto'],
    ['sv', 'Byt månad'],
    ['en', 'Change month'],
  ] as const)('(%s) the month buttons sit in a navigation named "%s"', (language, name) => {
    renderCalendar(language);
    expect(screen.getByRole('navigation', { name })).toContainElement(
      screen.getAllByRole('button')[0] ?? null,
    );
  });

  test('days with free slots are highlighted and named so', () => {
    renderCalendar('en');
    expect(
      screen.getByRole('button', { name: /Thursday, December 3rd, 2026, available times/ }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /Wednesday, December 2nd, 2026$/ }),
    ).toBeInTheDocument();
  });

  test('the month buttons and a day report the choice', async () => {
    const user = userEvent.setup();
    const handlers = renderCalendar('en');
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(handlers.onNextMonth).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(handlers.onPreviousMonth).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: /December 3rd/ }));
    expect(handlers.onSelectDay).toHaveBeenCalledWith('2026-12-03');
  });
});
