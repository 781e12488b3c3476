import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { AssetUrlContext } from './asset-url.tsx';
import { EmployeeCard, jobTitleFor } from './employee-card.tsx';
import { renderWithI18n } from './test-utils.tsx';

const employee = {
  Name: 'Anna Virtanen',
  Image: '/images/employees/anna.jpg',
  JobTitles: { fi: 'Suuhygienisti', sv: 'Munhygienist', en: 'Dental hygienist' },
};

describe('EmployeeCard', () => {
  test('shows the photo, the name and the job title in the current language', () => {
    const { container } = renderWithI18n(<EmployeeCard employee={employee} />, { lng: 'en' });
    expect(screen.getByText('Anna Virtanen')).toBeInTheDocument();
    expect(screen.getByText('Dental hygienist')).toBeInTheDocument();
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('src', '/images/employees/anna.jpg');
    expect(img).toHaveAttribute('alt', '');
  });

  test('shows the photo from where the deployment serves the API’s images', () => {
    const { container } = renderWithI18n(
      <AssetUrlContext.Provider value={(url) => `https://api.klinikka.example${url}`}>
        <EmployeeCard employee={employee} />
      </AssetUrlContext.Provider>,
      { lng: 'en' },
    );
    expect(container.querySelector('img')).toHaveAttribute(
      'src',
      'https://api.klinikka.example/images/employees/anna.jpg',
    );
  });

  test('follows a language change', async () => {
    const { i18n } = renderWithI18n(<EmployeeCard employee={employee} />, { lng: 'fi' });
    expect(screen.getByText('Suuhygienisti')).toBeInTheDocument();
    await act(async () => {
      await i18n.changeLanguage('sv');
    });
    expect(screen.getByText('Munhygienist')).toBeInTheDocument();
  });

  test('falls back to the Finnish title and to an icon without a photo', () => {
    const { container } = renderWithI18n(
      <EmployeeCard
        employee={{ Name: 'Ville', Image: null, JobTitles: { fi: 'Hammaslääkäri' } }}
      />,
      { lng: 'en' },
    );
    expect(screen.getByText('Hammaslääkäri')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  test('lists the clinics where the employee works', () => {
    renderWithI18n(<EmployeeCard employee={employee} branches={['Kamppi', 'Pasila']} />);
    expect(screen.getByText('Clinics: Kamppi, Pasila')).toBeInTheDocument();
  });

  test('as a picker entry it is a toggle button that reports presses', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    const { rerender } = renderWithI18n(<EmployeeCard employee={employee} onSelect={onSelect} />);
    const button = screen.getByRole('button', { name: 'Anna Virtanen' });
    expect(button).toHaveAccessibleDescription(/^Dental hygienist/);
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    button.focus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledTimes(2);
    rerender(<EmployeeCard employee={employee} onSelect={onSelect} selected />);
    expect(screen.getByRole('button', { name: /Anna Virtanen/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});

describe('jobTitleFor', () => {
  test('picks the language, then Finnish, then any title', () => {
    expect(jobTitleFor(employee.JobTitles, 'en-GB')).toBe('Dental hygienist');
    expect(jobTitleFor({ sv: 'Tandläkare' }, 'en')).toBe('Tandläkare');
    expect(jobTitleFor(null, 'fi')).toBe('');
  });
});
