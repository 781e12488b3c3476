import type { Language } from '../../shared/language.ts';
import type { Role } from '../../shared/roles.ts';
import type { RouteId } from '../routes.tsx';

export type NavSectionId = 'reservation' | 'main' | 'admin' | 'own' | 'bottom';

export type NavItem =
  | { kind: 'link'; id: RouteId; path: string }
  | { kind: 'action'; id: 'logout' };

export interface NavSection {
  id: NavSectionId;
  items: NavItem[];
}

export interface NavigationInput {
  role: Role;
  language: Language;
  features: { coupons?: boolean };
  /** Only links to registered routes are shown; absent: every link counts as registered. */
  registered?: ReadonlySet<RouteId>;
}

const link = (id: RouteId, path: string): NavItem => ({ kind: 'link', id, path });

/**
 * The side navigation of spec §2 and §6: which entries a role sees in a language with the
 * coupon flag. Sections without entries are left out.
 */
export function visibleNavigation({
  role,
  language,
  features,
  registered,
}: NavigationInput): NavSection[] {
  const signedIn = role !== 'signedOut';
  const staff = role === 'admin' || role === 'contentManager';
  const coupons = features.coupons === true;
  const finnish = language === 'fi';

  const sections: { id: NavSectionId; items: (NavItem | false)[] }[] = [
    {
      id: 'reservation',
      items: [
        link('reservation', '/reservation'),
        signedIn && link('reservations', '/reservations'),
      ],
    },
    {
      id: 'main',
      items: [
        !signedIn && link('login', '/login'),
        signedIn && link('chat', '/chat'),
        signedIn && link('history', '/history'),
        signedIn && finnish && link('events', '/events'),
        signedIn && finnish && link('news', '/news'),
        link('about', '/about'),
        signedIn && coupons && link('coupons', '/coupons'),
      ],
    },
    {
      id: 'admin',
      items: [
        role === 'admin' && link('patients', '/patients'),
        staff && link('rules', '/rules'),
        staff && coupons && link('adminCoupons', '/admin/coupons'),
      ],
    },
    {
      id: 'own',
      items: [signedIn && link('anamnesis', '/anamnesis'), signedIn && link('profile', '/profile')],
    },
    {
      id: 'bottom',
      items: [
        signedIn && link('feedback', '/feedback'),
        signedIn && { kind: 'action', id: 'logout' },
      ],
    },
  ];

  return sections
    .map(({ id, items }) => ({
      id,
      items: items.filter(
        (item): item is NavItem =>
          item !== false &&
          (item.kind === 'action' || registered === undefined || registered.has(item.id)),
      ),
    }))
    .filter((section) => section.items.length > 0);
}

/** The visible entries as `section:id` strings, for tests and debugging. */
export function navigationIds(sections: NavSection[]): string[] {
  return sections.flatMap((section) => section.items.map((item) => `${section.id}:${item.id}`));
}
