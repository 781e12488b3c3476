import { drop, factory } from '@mswjs/data';
import { authModels } from './auth/models.ts';
import { bookingModels } from './booking/models.ts';
import { chatModels } from './chat/models.ts';
import { contentModels } from './content/models.ts';
import { couponsModels } from './coupons/models.ts';
import { directoryModels } from './directory/models.ts';
import { userModels } from './users/models.ts';

/** Every model of the dev server's store, by area. */
export const models = {
  ...directoryModels,
  ...userModels,
  ...authModels,
  ...bookingModels,
  ...contentModels,
  ...couponsModels,
  ...chatModels,
};

export type ModelName = keyof typeof models;
export const modelNames = Object.keys(models) as ModelName[];

export function createDb() {
  return factory(models);
}

export type Db = ReturnType<typeof createDb>;

export function clearDb(db: Db): void {
  drop(db);
}
