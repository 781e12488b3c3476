import { primaryKey } from '@mswjs/data';

/** @mswjs/data models of the access log (issue 57; see core/db.ts and access-log.ts). */
export const accessLogModels = {
  accessLogEntry: {
    /** The entry's place in the chain: 1, 2, 3… with no gaps (a gap is a removed entry). */
    id: primaryKey(Number),
    /** When, by the dev clock: UTC milliseconds. */
    atMs: Number,
    /** Who: the user who read, changed, exported or deleted. */
    actorId: Number,
    /** The actor's WebRole at that moment: admin | contentManager | patient. */
    actorRole: String,
    /** The actor's name at that moment (a later rename does not rewrite the log). */
    actorName: String,
    /** Whose data. */
    subjectId: Number,
    /** search | read | change | export | delete */
    action: String,
    /** The fields read or changed, as the contract names them. */
    fields: () => [] as string[],
    /** The operation (the contract's operationId) it happened through. */
    operation: String,
    /** The hash of the entry before it (the anchor's for the first one kept). */
    prevHash: String,
    /** SHA-256 of this entry's fields and `prevHash`, in hex. */
    hash: String,
  },
  /**
   * One row (id 1): where the kept chain starts (the entries before were pruned: kept two years,
   * and at most a number of bytes) and where it ends, so that a removed first or last entry is
   * found too. Bytes: what the kept entries take, for the bound.
   */
  accessLogAnchor: {
    id: primaryKey(Number),
    /** The id the first kept entry must have. */
    firstId: Number,
    /** The hash the first kept entry must follow (64 zeros before any entry). */
    firstPrevHash: String,
    /** The last entry's id and hash (0 and the zeros while the log is empty). */
    headId: Number,
    headHash: String,
    bytes: Number,
  },
};
