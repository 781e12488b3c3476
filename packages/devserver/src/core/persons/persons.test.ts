import { birthDateOf, type Schemas } from '@portal/sdk';
import { describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.ts';
import { helsinkiInstant } from '../clock.ts';
import { createSession } from '../users/sessions.ts';
import { ageBandOf, isMinorOn } from './persons.ts';

type Person = Schemas['ActingPerson'];

function userNamed(h: Harness, firstName: string, lastName: string) {
  const user = h.state.db.user.findFirst({
    where: { firstName: { equals: firstName }, lastName: { equals: lastName } },
  });
  if (!user) throw new Error(`the seed has no ${firstName} ${lastName}`);
  return user;
}

async function personsOf(h: Harness, firstName: string, lastName: string): Promise<Person[]> {
  const token = createSession(h.state, userNamed(h, firstName, lastName).id).token;
  const answer = await h.call('listPersons', { token });
  expect(answer.status).toBe(200);
  return answer.json as Person[];
}

const names = (persons: Person[]) =>
  persons.map((person) => `${person.relation} ${person.firstName} ${person.ageBand}`);

describe('whom a user may act for (issue 55, FINLAND.md)', () => {
  test('a guardian: themself, then each child under 18 by name; a child whose health matters are blocked is simply absent', async () => {
    const h = createHarness();
    const persons = await personsOf(h, 'Pekka', 'Perhe');
    expect(names(persons)).toEqual([
      'self Pekka adult',
      'child Aino child',
      'child Eetu minor',
      'child Sara minor',
    ]);
    expect(persons.every((person) => person.rights.join() === 'book,view,manage')).toBe(true);
    expect(persons.map((person) => person.validUntil)).toEqual([null, null, null, null]);
    // Two guardians share Aino.
    expect(names(await personsOf(h, 'Liisa', 'Perhe'))).toEqual([
      'self Liisa adult',
      'child Aino child',
    ]);
  });

  test('a guardian’s right ends at midnight Helsinki time as the 18th birthday begins', async () => {
    const h = createHarness();
    const sara = userNamed(h, 'Sara', 'Perhe');
    // Sara turns 18 three days after the seed's day: the evening before, still a child of Pekka.
    const born = birthDateOf(sara.ssn) ?? '';
    const birthday = `${Number(born.slice(0, 4)) + 18}${born.slice(4)}`;
    const before = helsinkiInstant(birthday, '00:00').getTime() - 60_000;
    h.state.clock.set(new Date(before), true);
    expect(names(await personsOf(h, 'Pekka', 'Perhe'))).toContain('child Sara minor');
    h.state.clock.set(helsinkiInstant(birthday, '00:00'), true);
    expect(names(await personsOf(h, 'Pekka', 'Perhe'))).not.toContain('child Sara minor');
    expect(names(await personsOf(h, 'Pekka', 'Perhe'))).toEqual([
      'self Pekka adult',
      'child Aino child',
      'child Eetu minor',
    ]);
  });

  test('an adult acts for another only with a live mandate: an expired one is gone, a withdrawn one at once', async () => {
    const h = createHarness();
    const persons = await personsOf(h, 'Tiina', 'Valta');
    expect(names(persons)).toEqual(['self Tiina adult', 'mandator Veikko adult']);
    expect(persons[1]?.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Veikko withdraws his mandate: Tiina no longer acts for him.
    h.state.db.relation.update({
      where: { subjectId: { equals: userNamed(h, 'Veikko', 'Valta').id } },
      data: { withdrawn: true },
    });
    expect(names(await personsOf(h, 'Tiina', 'Valta'))).toEqual(['self Tiina adult']);
  });

  test('a patient without children or mandates acts for themself only; the list needs a signed-in user', async () => {
    const h = createHarness();
    const answer = await h.call('listPersons', { as: 'patient' });
    expect(answer.status).toBe(200);
    expect(names(answer.json as Person[])).toEqual(['self Maija adult']);
    expect((await h.call('listPersons', { unchecked: true })).status).toBe(401);
  });

  test('age bands: a child under 12, a minor from 12 to 17, an adult from the 18th birthday (a leap day’s on 1 March)', () => {
    expect(ageBandOf('2015-06-10', '2027-06-09')).toBe('child');
    expect(ageBandOf('2015-06-10', '2027-06-10')).toBe('minor');
    expect(ageBandOf('2009-06-10', '2027-06-09')).toBe('minor');
    expect(ageBandOf('2009-06-10', '2027-06-10')).toBe('adult');
    expect(ageBandOf(null, '2027-06-10')).toBe('adult');
    expect(isMinorOn('2008-02-29', '2026-02-28')).toBe(true);
    expect(isMinorOn('2008-02-29', '2026-03-01')).toBe(false);
  });
});
