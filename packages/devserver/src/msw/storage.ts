import type { Api } from '../api/pipeline.ts';
import { restoreState, snapshotState, type StateSnapshot } from '../core/snapshot.ts';

/** A place for the state's snapshot between page loads (the browser's `localStorage`). */
export interface MockStateStorage {
  load(): string | null;
  save(text: string): void;
}

/**
 * Keeps a mock API's state in a storage, as the dev server keeps its state file: restored now,
 * saved after every change (a reset saves the seed again). A snapshot that cannot be read (of
 * another version) is left for the seed.
 */
export function keepStateIn(api: Api, storage: MockStateStorage): void {
  const saved = storage.load();
  if (saved) {
    try {
      restoreState(api.state, JSON.parse(saved) as StateSnapshot);
    } catch (error) {
      console.warn(
        '[mock api] the stored state could not be restored; starting from the seed',
        error,
      );
    }
  }
  api.onChange = () => {
    try {
      storage.save(JSON.stringify(snapshotState(api.state)));
    } catch (error) {
      console.warn('[mock api] the state could not be stored', error);
    }
  };
}
