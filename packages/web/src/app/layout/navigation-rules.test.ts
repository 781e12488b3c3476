import { describe, expect, test } from 'vitest';
import type { Language } from '../../shared/language.ts';
import type { Role } from '../../shared/roles.ts';
import type { RouteId } from '../routes.tsx';
import { navigationIds, visibleNavigation } from './navigation-rules.ts';

const roles: Role[] = ['signedOut', 'patient', 'admin', 'contentManager'];
const languages: Language[] = ['fi', 'sv', 'en'];

function expected(role: Role, language: Language, coupons: boolean): string[] {
  const signedIn = role !== 'signedOut';
  const staff = role === 'admin' || role === 'contentManager';
  const ids: (string | false)[] = [
    'reservation:reservation',
    signedIn && 'reservation:reservations',
    !signedIn && 'main:login',
    signedIn && 'main:chat',
    signedIn && 'main:history',
    signedIn && language === 'fi' && 'main:events',
    signedIn && language === 'fi' && 'main:news',
    'main:about',
    signedIn && coupons && 'main:coupons',
    role === 'admin' && 'admin:patients',
    staff && 'admin:rules',
    staff && coupons && 'admin:adminCoupons',
    signedIn && 'own:anamnesis',
    signedIn && 'own:profile',
    signedIn && 'bottom:feedback',
    signedIn && 'bottom:logout',
  ];
  return ids.filter((id): id is string => id !== false);
}

describe('visibleNavigation', () => {
  for (const role of roles) {
    for (const language of languages) {
      for (const coupons of [true, false]) {
        test(`${role} in ${language} with coupons ${coupons ? 'on' : 'off'} sees exactly the spec's entries`, () => {
          const sections = visibleNavigation({ role, language, features: { coupons } });
          expect(navigationIds(sections)).toEqual(expected(role, language, coupons));
        });
      }
    }
  }

  test('a signed-out visitor sees book, login and about only', () => {
    const sections = visibleNavigation({
      role: 'signedOut',
      language: 'fi',
      features: { coupons: true },
    });
    expect(navigationIds(sections)).toEqual([
      'reservation:reservation',
      'main:login',
      'main:about',
    ]);
  });

  test('a content manager gets rules and admin coupons but never patients', () => {
    const ids = navigationIds(
      visibleNavigation({ role: 'contentManager', language: 'en', features: { coupons: true } }),
    );
    expect(ids).toContain('admin:rules');
    expect(ids).toContain('admin:adminCoupons');
    expect(ids).not.toContain('admin:patients');
  });

  test('links to routes that are not registered yet are left out, and empty sections with them', () => {
    const registered = new Set<RouteId>(['about', 'login']);
    const sections = visibleNavigation({
      role: 'admin',
      language: 'fi',
      features: { coupons: true },
      registered,
    });
    expect(navigationIds(sections)).toEqual(['main:about', 'bottom:logout']);
  });
});
