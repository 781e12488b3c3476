import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn.ts';
import { DangerIcon, InfoIcon, SuccessIcon, WarningIcon, type IconProps } from './icons.tsx';
import { VisuallyHidden } from './visually-hidden.tsx';

export type NotificationVariant = 'neutral' | 'informative' | 'success' | 'warning' | 'danger';

export interface NotificationBoxProps {
  /** Colour, icon and spoken prefix: neutral, informative, success, warning, danger. */
  variant?: NotificationVariant;
  /** Optional bold heading line. */
  title?: ReactNode;
  /** The message. */
  children?: ReactNode;
  /** Optional actions (buttons or links) under the message, outside its live region. */
  actions?: ReactNode;
  /**
   * Live-region role. Defaults to `alert` for warning and danger (announced at once) and
   * `status` for the others (announced politely); `none` for a static notice.
   */
  role?: 'alert' | 'status' | 'none';
  className?: string;
}

const styles: Record<NotificationVariant, { box: string; icon: string }> = {
  neutral: { box: 'border-slate-400 bg-slate-100', icon: 'text-slate-700' },
  informative: { box: 'border-sky-600 bg-sky-50', icon: 'text-sky-800' },
  success: { box: 'border-brand-600 bg-brand-50', icon: 'text-brand-800' },
  warning: { box: 'border-amber-500 bg-amber-50', icon: 'text-amber-800' },
  danger: { box: 'border-red-600 bg-red-50', icon: 'text-red-700' },
};

const icons: Record<NotificationVariant, ComponentType<IconProps>> = {
  neutral: InfoIcon,
  informative: InfoIcon,
  success: SuccessIcon,
  warning: WarningIcon,
  danger: DangerIcon,
};

/**
 * An in-page notice. The meaning never rests on colour alone: each variant has its own icon and a
 * hidden spoken prefix ("Warning:", "Error:"…). Text is dark on a light tint (AA contrast).
 */
export function NotificationBox({
  variant = 'neutral',
  title,
  children,
  actions,
  role,
  className,
}: NotificationBoxProps) {
  const { t } = useTranslation('ui');
  const Icon = icons[variant];
  const liveRole = role ?? (variant === 'warning' || variant === 'danger' ? 'alert' : 'status');
  const prefix = <VisuallyHidden>{`${t(`notice.${variant}`)}:`}</VisuallyHidden>;
  // The live region holds the message only: a notice's buttons changing (busy, disabled) would
  // otherwise have a screen reader read the whole notice out again.
  return (
    <div
      data-variant={variant}
      className={cn(
        'flex gap-3 rounded-md border-l-4 p-4 text-slate-900',
        styles[variant].box,
        className,
      )}
    >
      <Icon className={cn('mt-0.5 size-5 shrink-0', styles[variant].icon)} />
      <div className="min-w-0 flex-1">
        <div role={liveRole === 'none' ? undefined : liveRole}>
          {title && (
            <p className="font-semibold">
              {prefix} {title}
            </p>
          )}
          {(children || !title) && (
            <div className={cn(title ? 'mt-1' : undefined)}>
              {!title && prefix} {children}
            </div>
          )}
        </div>
        {actions && <div className="mt-3 flex flex-wrap gap-2">{actions}</div>}
      </div>
    </div>
  );
}
