import type { BookingEvent, BookingMachine } from '@portal/machines';
import type { SnapshotFrom } from 'xstate';

/** What every step gets: the machine's snapshot and its `send`. */
export interface StepProps {
  state: SnapshotFrom<BookingMachine>;
  send: (event: BookingEvent) => void;
}
