import type { Schemas } from '@portal/sdk';
import { birthDateOf } from '@portal/sdk';
import { recordAccess } from '../access-log/access-log.ts';
import { helsinkiDate } from '../clock.ts';
import { rowById } from '../db.ts';
import { fail, ok, type Result } from '../result.ts';
import type { DevState } from '../state.ts';
import type { UserRow } from '../users/sessions.ts';

export type ActingPerson = Schemas['ActingPerson'];
type PersonRight = Schemas['PersonRight'];
type RelationRow = ReturnType<DevState['db']['relation']['getAll']>[number];

const ALL_RIGHTS: readonly PersonRight[] = ['book', 'view', 'manage'];

/** A Helsinki day `years` years after another (29 February falls on 1 March in a common year). */
function yearsAfter(day: string, years: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(year + years, month - 1, date));
  return shifted.toISOString().slice(0, 10);
}

/** Whole years between a birth date and a Helsinki day. */
export function ageOn(birth: string, today: string): number {
  let age = Number(today.slice(0, 4)) - Number(birth.slice(0, 4));
  if (today.slice(5) < birth.slice(5)) age -= 1;
  return age;
}

/**
 * Whether someone born on `birth` is a minor on the Helsinki day `today`: the rights of a guardian
 * end at midnight Helsinki time as the 18th birthday begins (FINLAND.md).
 */
export function isMinorOn(birth: string, today: string): boolean {
  return today < yearsAfter(birth, 18);
}

/** `child` under 12, `minor` 12 to 17 (may hide a visit from the guardian), `adult` from 18. */
export function ageBandOf(birth: string | null, today: string): Schemas['AgeBand'] {
  if (birth === null) return 'adult';
  const age = ageOn(birth, today);
  return age < 12 ? 'child' : age < 18 ? 'minor' : 'adult';
}

/** A mandate is live on a Helsinki day: not withdrawn and inside its validity. */
function mandateIsLive(relation: RelationRow, today: string): boolean {
  if (relation.withdrawn) return false;
  if (relation.validFrom !== null && today < relation.validFrom) return false;
  return relation.validUntil === null || today <= relation.validUntil;
}

/** Whether a relation lets its actor act for its subject today (the rules of FINLAND.md). */
function liveRelation(state: DevState, relation: RelationRow, today: string): boolean {
  if (relation.kind === 'guardian') {
    if (relation.blocked) return false;
    const child = rowById(state.db.user.getAll(), relation.subjectId);
    const birth = child === null ? null : birthDateOf(child.ssn);
    return birth !== null && isMinorOn(birth, today);
  }
  return relation.kind === 'mandate' && mandateIsLive(relation, today);
}

function personView(
  user: UserRow,
  relation: ActingPerson['relation'],
  rights: readonly string[],
  today: string,
  validUntil: string | null,
): ActingPerson {
  const birth = birthDateOf(user.ssn);
  return {
    id: user.id,
    relation,
    firstName: user.firstName,
    lastName: user.lastName,
    ageBand: ageBandOf(birth, today),
    age: birth === null ? 0 : ageOn(birth, today),
    ssn: user.ssn,
    rights: ALL_RIGHTS.filter((right) => rights.includes(right)),
    validUntil,
  };
}

/**
 * Whom the signed-in user may act for today, by the dev clock (issue 55): themself first, then
 * each child under 18 they are a guardian of (not a child whose guardian's health matters are
 * blocked: protection order, care, custody; the reason is not said), then each adult whose mandate
 * is live (withdrawn or out of its dates: gone at once). Children and mandators by name.
 */
export function personsOf(state: DevState, user: UserRow): ActingPerson[] {
  const today = helsinkiDate(state.clock.now());
  const users = state.db.user.getAll();
  const others = state.db.relation
    .getAll()
    .filter((relation) => relation.actorId === user.id && liveRelation(state, relation, today))
    .flatMap((relation) => {
      const subject = rowById(users, relation.subjectId);
      if (subject === null) return [];
      return [
        personView(
          subject,
          relation.kind === 'guardian' ? 'child' : 'mandator',
          relation.kind === 'guardian' ? ALL_RIGHTS : relation.rights,
          today,
          relation.kind === 'mandate' ? relation.validUntil : null,
        ),
      ];
    })
    .sort(
      (a, b) =>
        Number(a.relation === 'mandator') - Number(b.relation === 'mandator') ||
        a.firstName.localeCompare(b.firstName, 'fi'),
    );
  return [personView(user, 'self', ALL_RIGHTS, today, null), ...others];
}

/**
 * For whom a call is made (`X-Acting-For`): the signed-in user themself, or the person they act
 * for. `guardianView`: a guardian acting for a child, who sees nothing of a visit the child has
 * hidden from guardians.
 */
export interface Person {
  id: number;
  guardianView: boolean;
  /** self, or the role the access log records: guardian, or mandatary (with a mandate). */
  acting: 'self' | 'guardian' | 'mandatary';
}

export const selfPerson = (user: UserRow): Person => ({
  id: user.id,
  guardianView: false,
  acting: 'self',
});

/**
 * The person `personId` names, if the user may act for them with `right` at this moment by the
 * dev clock; else `not-allowed-for-person` (the same for every reason: a person who is not the
 * user's, a right not given, a mandate that ended, a child turned 18 or no longer offered).
 */
export function actingPerson(
  state: DevState,
  user: UserRow,
  personId: number,
  right: PersonRight,
): Result<Person> {
  if (personId === user.id) return ok(selfPerson(user));
  const today = helsinkiDate(state.clock.now());
  const relation = state.db.relation
    .getAll()
    .find(
      (row) =>
        row.actorId === user.id &&
        row.subjectId === personId &&
        liveRelation(state, row, today) &&
        (row.kind === 'guardian' || row.rights.includes(right)),
    );
  const subject = relation ? rowById(state.db.user.getAll(), personId) : null;
  if (!relation || !subject) return fail('not-allowed-for-person');
  const guardian = relation.kind === 'guardian';
  return ok({
    id: subject.id,
    guardianView: guardian,
    acting: guardian ? 'guardian' : 'mandatary',
  });
}

/**
 * Records a call made for another person in that person's access log, with both identities:
 * the actor as guardian or mandatary, what of the person's data (`x-acting-for.data`).
 */
export function recordActingFor(
  state: DevState,
  actor: UserRow,
  person: Person,
  call: { operation: string; method: string; data: string },
): void {
  if (person.acting === 'self') return;
  recordAccess(state, {
    actor,
    actorRole: person.acting,
    subjectIds: [person.id],
    action: call.method === 'GET' ? 'read' : 'change',
    fields: [call.data],
    operation: call.operation,
  });
}
