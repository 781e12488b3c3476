import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, NotificationBox } from '../../../ui/index.ts';

export interface RedirectCountdownProps {
  /** The notice's heading, announced once ("Your information was saved."). */
  title: string;
  secondsLeft: number;
  onRedirectNow: () => void;
  /** The redirect has started: the button waits. */
  redirecting?: boolean;
}

/**
 * The success notice of spec §4: it counts the seconds down to the redirect and offers
 * "Redirect now". The title is announced once; the ticking number is not read out every second.
 * Focus moves to the button so that keyboard users land on the notice.
 */
export function RedirectCountdown({
  title,
  secondsLeft,
  onRedirectNow,
  redirecting = false,
}: RedirectCountdownProps) {
  const { t } = useTranslation('profile');
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    button.current?.focus();
  }, []);
  return (
    <NotificationBox
      variant="success"
      role="none"
      actions={
        <Button ref={button} onClick={onRedirectNow} loading={redirecting}>
          {t('countdown.now')}
        </Button>
      }
    >
      <p role="status" className="font-semibold">
        {title}
      </p>
      <p aria-live="off" className="mt-1">
        {t('countdown.seconds', { count: secondsLeft })}
      </p>
    </NotificationBox>
  );
}
