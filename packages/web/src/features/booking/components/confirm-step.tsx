import { useTranslation } from 'react-i18next';
import { Button, NotificationBox } from '../../../ui/index.ts';
import { codeFieldMessage } from '../api/code-message.ts';
import { formatPrice } from '../../../shared/money.ts';
import { useLanguage } from '../../../shared/language.ts';
import { formatHelsinki, helsinkiDay } from '../../../shared/time.ts';
import { longDay } from '../../../shared/calendar-days.ts';
import { StepActions } from './step-actions.tsx';
import type { StepProps } from './wizard-types.ts';
import { useBranches, useConfig, useEmployees } from '../../../shared/resources.ts';
import { withTitle } from '../../../shared/practitioner-title.ts';
import { STEP_TEXTS, STEP_TEXTS_OPTIONS } from '../api/step-texts.ts';
import { BookingSummary } from './booking-summary.tsx';
import { placeName } from '../../../shared/place-names.ts';
import { DuplicateQuestion } from './duplicate-question.tsx';
import { SavePhoneChoice, TypedContactOffer } from './contact-choices.tsx';
import { SlotHoldNotice } from './slot-hold-notice.tsx';

/** Step 7: the summary with the price and the cancellation policy; books the slot. */
export function ConfirmStep({ state, send }: StepProps) {
  const { t } = useTranslation(STEP_TEXTS, STEP_TEXTS_OPTIONS);
  const branches = useBranches();
  const employees = useEmployees();
  const config = useConfig();
  const language = useLanguage();
  const {
    slot,
    reason,
    details,
    campaign,
    campaignCode,
    voucherIdentifier,
    customerType,
    error,
    codeProblem,
    duplicate,
  } = state.context;
  const submitting =
    state.matches({ wizard: { confirm: 'submitting' } }) ||
    state.matches({ wizard: { confirm: 'bookingFamily' } });
  const moving = state.matches({ wizard: { confirm: 'moving' } });
  // Asked whether to keep both (the same service within 14 days), or keeping both (submitting).
  const asked =
    duplicate !== null &&
    (state.matches({ wizard: { confirm: 'duplicate' } }) ||
      moving ||
      (submitting && state.context.allowDuplicate));
  const cancelWindowHours = config.data?.cancelWindowHours ?? 24;
  if (slot === null || reason === null) return null;
  // A family booking (issue 55): each person's time and practitioner, the price per person.
  const { familyIds, familySlots, family } = state.context;
  const forFamily = state.context.familyIds.length >= 2;
  const practitionerOf = (chosen: typeof slot) =>
    withTitle(
      chosen.employeeName,
      employees.data?.find((employee) => employee.Id === chosen.employeeId)?.JobTitles,
      language,
    );
  const when = (chosen: typeof slot) =>
    `${longDay(helsinkiDay(chosen.startTime), language)} ${formatHelsinki(chosen.startTime, 'time')}–${formatHelsinki(chosen.endTime, 'time')}`;
  const familyRows: Array<[string, string]> = familyIds.flatMap((id, index) => {
    const member = family.find((person) => person.id === id);
    const chosen = familySlots[index];
    return member && chosen
      ? [[`${member.firstName} ${member.lastName}`, `${when(chosen)}, ${practitionerOf(chosen)}`]]
      : [];
  });
  const branch = branches.data?.find((candidate) => candidate.Id === slot.branchId);
  const rows: Array<[string, string]> = [
    [t('summary.reason'), reason.name],
    [
      t('summary.branch'),
      branch
        ? `${branch.Name}, ${branch.Address.Street}, ${placeName(branch.Address.City, language)}`
        : '',
    ],
    ...(forFamily
      ? familyRows
      : ([
          // "Venla Mäkinen, hammaslääkäri": who, and what they are (issue 54), as the times say it.
          [t('summary.practitioner'), practitionerOf(slot)],
          [t('summary.time'), when(slot)],
        ] as Array<[string, string]>)),
    [
      t('summary.price'),
      forFamily
        ? t('summary.pricePerPerson', { price: formatPrice(slot.price, language) })
        : formatPrice(slot.price, language),
    ],
    ...(forFamily
      ? []
      : ([[t('summary.customer'), `${details.firstName} ${details.lastName}`]] as Array<
          [string, string]
        >)),
    [t('summary.contact'), `${details.email}, ${details.phone}`],
    [t('summary.address'), `${details.street}, ${details.postalCode} ${details.city}`],
  ];
  if (customerType?.identifierRequired && voucherIdentifier.trim() !== '') {
    rows.push([t('summary.identifier'), voucherIdentifier.trim()]);
  }
  // A code the booking itself refused (the check passed on the first step): its case's message,
  // with its date, and its way forward.
  const refusedCode = codeProblem
    ? codeFieldMessage(t, state.context, codeProblem.field)
    : undefined;
  const code = campaign?.code ?? campaignCode.trim();
  if (code !== '') rows.push([t('summary.campaignCode'), code]);
  if (details.descriptionForStaff.trim() !== '') {
    rows.push([t('summary.descriptionForStaff'), details.descriptionForStaff.trim()]);
  }

  // The cancellation terms after the summary; a time less than 24 hours away (it cannot be moved
  // or cancelled online once booked) is a warning at the top, in view on a phone before the
  // patient confirms (issue 54).
  const policy = (
    <NotificationBox
      variant={slot.canModify ? 'informative' : 'warning'}
      role="none"
      title={t('policy.title')}
    >
      <p>
        {t(slot.canModify ? 'policy.cancel' : 'policy.insideWindow', {
          hours: cancelWindowHours,
          // The clinic's own number, as My reservations shows it once booked.
          phone: slot.branchPhone || (config.data?.clinicPhone ?? ''),
        })}
      </p>
      <p className="mt-1">{t('policy.noShow')}</p>
    </NotificationBox>
  );

  return (
    <div className="flex flex-col gap-5">
      <SlotHoldNotice state={state} send={send} />
      {!slot.canModify && policy}
      {asked && (
        <DuplicateQuestion
          existing={duplicate}
          chosenStart={slot.startTime}
          cancelWindowHours={cancelWindowHours}
          busy={moving ? 'move' : submitting ? 'keepBoth' : null}
          onMove={() => send({ type: 'duplicate.move' })}
          onKeepBoth={() => send({ type: 'duplicate.keepBoth' })}
          onChooseAnotherTime={() => send({ type: 'duplicate.chooseAnotherTime' })}
        />
      )}
      {state.context.identityReplaced && (
        <NotificationBox variant="warning" role="status">
          {t('details.identityReplaced')}
        </NotificationBox>
      )}
      <TypedContactOffer state={state} send={send} />
      <BookingSummary rows={rows} />
      {reason.priceDetails && <p className="text-sm text-slate-700">{reason.priceDetails}</p>}
      <SavePhoneChoice state={state} send={send} id="confirm-save-phone" />
      {slot.canModify && policy}
      {error && (
        <NotificationBox variant="danger" role="alert">
          {t(error)}
        </NotificationBox>
      )}
      {refusedCode && (
        <NotificationBox
          variant="danger"
          role="alert"
          actions={
            codeProblem?.field === 'campaignCode' ? (
              <Button variant="secondary" onClick={() => send({ type: 'campaignCode.skip' })}>
                {t('reservation.code.continueWithoutCode')}
              </Button>
            ) : codeProblem?.problem === 'ends-before-visit' ? (
              <Button variant="secondary" onClick={() => send({ type: 'slot.chooseEarlier' })}>
                {t('chooseEarlier')}
              </Button>
            ) : undefined
          }
        >
          {refusedCode}
        </NotificationBox>
      )}
      {/* Asked, the answers are the question's own: the booking's button gives way to them. */}
      <StepActions
        onBack={() => send({ type: 'wizard.back' })}
        onNext={asked ? undefined : () => send({ type: 'wizard.submit' })}
        nextLabel={t(state.context.familyIds.length >= 2 ? 'bookFamily' : 'actions.book')}
        nextLoading={submitting}
        // The hold ended: its notice holds the time again (or another) before it can be booked.
        nextDisabled={state.context.holdEnded}
      />
    </div>
  );
}
