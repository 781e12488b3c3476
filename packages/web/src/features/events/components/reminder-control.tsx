import { isApiError } from '@portal/sdk';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, NotificationBox, RadioGroup, toast } from '../../../ui/index.ts';
import { useSetReminder } from '../api/event-actions.ts';
import { helsinkiDateTime } from '../../../shared/time.ts';
import type { PatientEvent, ReminderChannel } from '../api/get-events.ts';

const CHANNELS: readonly ReminderChannel[] = ['email', 'sms'];

function isChannel(value: string): value is ReminderChannel {
  return (CHANNELS as readonly string[]).includes(value);
}

/**
 * The patient's reminder for an upcoming event: on (by email or text message, the day before at
 * 09:00) or off. The server's reasons (no phone number in the profile, the event has passed) are
 * shown where the choice is made.
 */
export function ReminderControl({ event }: { event: PatientEvent }) {
  const { t } = useTranslation('events');
  const mutation = useSetReminder();
  const [channel, setChannel] = useState<ReminderChannel>(event.reminder?.channel ?? 'email');
  const [channelError, setChannelError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const reminder = event.reminder;
  const headingId = useId();

  const change = (next: ReminderChannel | null) => {
    setChannelError(undefined);
    setFailure(null);
    mutation.mutate(
      { id: event.id, channel: next },
      {
        onSuccess: () =>
          toast.success(next === null ? t('reminder.doneOff') : t('reminder.doneOn')),
        onError: (error) => {
          const fieldMessage = isApiError(error) ? error.fieldError('channel') : undefined;
          if (fieldMessage !== undefined) setChannelError(fieldMessage);
          else if (isApiError(error) && error.code === 'event-passed')
            setFailure(t('reminder.passed'));
          else setFailure(t('reminder.failed'));
        },
      },
    );
  };

  return (
    <section
      aria-labelledby={headingId}
      className="mt-8 rounded-lg border border-slate-300 bg-white p-4 md:p-6"
    >
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {t('reminder.title')}
      </h2>
      {failure !== null && (
        <NotificationBox variant="danger" className="mt-3">
          {failure}
        </NotificationBox>
      )}
      {reminder !== null ? (
        <>
          <p className="mt-2 text-slate-900">
            {t(`reminder.on.${reminder.channel}`, helsinkiDateTime(reminder.remindAt))}
          </p>
          <Button
            variant="secondary"
            className="mt-4"
            loading={mutation.isPending}
            onClick={() => change(null)}
          >
            {t('reminder.turnOff')}
          </Button>
        </>
      ) : (
        <>
          <p className="mt-2 text-slate-700">{t('reminder.intro')}</p>
          <RadioGroup
            className="mt-3"
            label={t('reminder.channel')}
            orientation="horizontal"
            options={CHANNELS.map((value) => ({ value, label: t(`reminder.channels.${value}`) }))}
            value={channel}
            error={channelError}
            onValueChange={(value) => {
              if (isChannel(value)) setChannel(value);
              setChannelError(undefined);
            }}
          />
          <Button className="mt-4" loading={mutation.isPending} onClick={() => change(channel)}>
            {t('reminder.turnOn')}
          </Button>
        </>
      )}
    </section>
  );
}
