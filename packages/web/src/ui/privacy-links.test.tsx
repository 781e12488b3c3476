import { act, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { PrivacyLinks, privacyLinksFor } from './privacy-links.tsx';
import { renderWithI18n } from './test-utils.tsx';

const links = [
  { language: 'fi', title: 'Portaalin tietosuojaseloste', url: 'https://example.com/fi/portal' },
  {
    language: 'fi',
    title: 'Potilasrekisterin tietosuojaseloste',
    url: 'https://example.com/fi/patient',
  },
  {
    language: 'fi',
    title: 'Asiakasrekisterin tietosuojaseloste',
    url: 'https://example.com/fi/customer',
  },
  { language: 'en', title: 'Portal privacy policy', url: 'https://example.com/en/portal' },
  {
    language: 'en',
    title: 'Patient register privacy statement',
    url: 'https://example.com/en/patient',
  },
  {
    language: 'en',
    title: 'Customer register privacy statement',
    url: 'https://example.com/en/customer',
  },
];

describe('PrivacyLinks', () => {
  test('shows the three links of the current language in a labelled navigation', () => {
    renderWithI18n(<PrivacyLinks links={links} />, { lng: 'en' });
    const nav = screen.getByRole('navigation', { name: 'Privacy policies' });
    expect(within(nav).getAllByRole('link')).toHaveLength(3);
    expect(screen.getByRole('heading', { level: 2, name: 'Privacy policies' })).toBeInTheDocument();
    expect(screen.queryByText('Portaalin tietosuojaseloste')).not.toBeInTheDocument();
  });

  test('each link opens in a new tab safely and says so to screen readers', () => {
    renderWithI18n(<PrivacyLinks links={links} />, { lng: 'fi' });
    const link = screen.getByRole('link', {
      name: 'Portaalin tietosuojaseloste (avautuu uuteen välilehteen)',
    });
    expect(link).toHaveAttribute('href', 'https://example.com/fi/portal');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('Swedish shows the Finnish policies, as no Swedish ones exist', () => {
    renderWithI18n(<PrivacyLinks links={links} heading={false} />, { lng: 'sv' });
    expect(screen.getAllByRole('link')).toHaveLength(3);
    expect(
      screen.getByRole('link', { name: /Potilasrekisterin tietosuojaseloste/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Dataskyddsbeskrivningar' })).toBeInTheDocument();
  });

  test('the list follows a language change', async () => {
    const { i18n } = renderWithI18n(<PrivacyLinks links={links} />, { lng: 'fi' });
    expect(screen.getByRole('link', { name: /Portaalin/ })).toBeInTheDocument();
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    expect(screen.getByRole('link', { name: /Portal privacy policy/ })).toBeInTheDocument();
  });
});

describe('privacyLinksFor', () => {
  test('prefers links of the exact language when they exist', () => {
    const withSwedish = [
      ...links,
      { language: 'sv', title: 'Dataskydd', url: 'https://example.com/sv' },
    ];
    expect(privacyLinksFor(withSwedish, 'sv').map((link) => link.title)).toEqual(['Dataskydd']);
    expect(privacyLinksFor(links, 'de')).toHaveLength(3);
  });
});
