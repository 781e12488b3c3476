import { nullable, primaryKey } from '@mswjs/data';

export const directoryModels = {
  branchGroup: {
    id: primaryKey(Number),
    captionFi: String,
    captionSv: String,
    captionEn: String,
  },
  branch: {
    id: primaryKey(Number),
    name: String,
    enabled: Boolean,
    street: String,
    postalCode: String,
    city: String,
    latitude: Number,
    longitude: Number,
    groupId: Number,
    /** The branch's phone number, shown when a change must be made by phone. */
    phone: String,
    /** Why a disabled branch takes no online booking, per language; null when none is recorded. */
    closedReasonFi: nullable<string>(() => null),
    closedReasonSv: nullable<string>(() => null),
    closedReasonEn: nullable<string>(() => null),
  },
  employee: {
    id: primaryKey(Number),
    name: String,
    image: nullable<string>(() => null),
    enabled: Boolean,
    /** dentist | hygienist | oralHygienist (the contract's PractitionerKind). */
    kind: String,
    titleFi: String,
    titleSv: String,
    titleEn: String,
    branchIds: () => [] as number[],
  },
};
