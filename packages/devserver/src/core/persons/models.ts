import { nullable, primaryKey } from '@mswjs/data';

/** @mswjs/data models of acting for another person (issue 55; see core/db.ts and persons.ts). */
export const personsModels = {
  /**
   * One user's right to act for another: a guardian's for a child (until the child's 18th
   * birthday), or an adult's mandate (simulated Suomi.fi valtuudet) with its validity.
   */
  relation: {
    id: primaryKey(Number),
    /** Who acts. */
    actorId: Number,
    /** For whom. */
    subjectId: Number,
    /** guardian | mandate */
    kind: String,
    /** What the actor may do: book, view, manage (a guardian all three). */
    rights: () => [] as string[],
    /** A mandate's first and last valid Helsinki day, `YYYY-MM-DD` (null: no bound). */
    validFrom: nullable<string>(() => null),
    validUntil: nullable<string>(() => null),
    /** A withdrawn mandate ends at once. */
    withdrawn: Boolean,
    /**
     * A protection order, care, or a custody decision that leaves health matters to the other
     * guardian: the child is not offered, and the reason is not told (FINLAND.md).
     */
    blocked: Boolean,
  },
};
