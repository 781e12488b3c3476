import { isApiError } from '@portal/sdk';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useLanguage } from '../../../shared/language.ts';
import { useForm } from '../../../shared/use-form.ts';
import {
  Button,
  Checkbox,
  DateField,
  ErrorSummary,
  SelectField,
  TextArea,
  TextField,
  toast,
  type ErrorSummaryItem,
} from '../../../ui/index.ts';
import { ImageSaveError, useSaveCoupon, type ImageChange } from '../api/coupon-actions.ts';
import type { AdminCoupon, AdminCouponWrite, CouponLanguage } from '../api/get-admin-coupons.ts';
import type { ImageProblem } from '../api/image-check.ts';
import { BRANCHES_ID, BranchSelection, type BranchSelectionValue } from './branch-selection.tsx';
import { CouponImageField, IMAGE_FIELD_ID, useImageProblemText } from './coupon-image-field.tsx';
import { COUPON_LANGUAGES } from './coupon-text.ts';

type Texts = AdminCouponWrite['translations'];
type TextKey = keyof Texts['fi'];

interface Draft {
  language: CouponLanguage;
  translations: Texts;
  price: string;
  isActive: boolean;
  isContinuous: boolean;
  validFrom: string;
  validTo: string;
  branches: BranchSelectionValue;
}

type ErrorKey = 'name' | 'price' | 'validFrom' | 'validTo' | 'branches';

/** The controls the error summary links to, and their labels. */
const FIELD_IDS: Record<ErrorKey, string> = {
  name: 'coupon-name',
  price: 'coupon-price',
  validFrom: 'coupon-valid-from',
  validTo: 'coupon-valid-to',
  branches: BRANCHES_ID,
};
const FIELD_LABELS = {
  name: 'form.name',
  price: 'form.price',
  validFrom: 'form.validFrom',
  validTo: 'form.validTo',
  branches: 'branches.title',
} as const satisfies Record<ErrorKey, string>;

const EMPTY_TEXT = { name: '', priceDetails: '', instructions: '', info: '' };

function draftOf(coupon: AdminCoupon | null, language: CouponLanguage): Draft {
  if (coupon === null) {
    return {
      language,
      translations: { fi: { ...EMPTY_TEXT }, sv: { ...EMPTY_TEXT }, en: { ...EMPTY_TEXT } },
      price: '',
      isActive: true,
      isContinuous: false,
      validFrom: '',
      validTo: '',
      branches: { all: true, branchIds: [] },
    };
  }
  return {
    language: coupon.editedLanguage,
    translations: coupon.translations,
    price: String(coupon.price),
    isActive: coupon.isActive,
    isContinuous: coupon.isContinuous,
    validFrom: coupon.validFrom ?? '',
    validTo: coupon.validTo ?? '',
    branches: coupon.branches,
  };
}

/** Euros as typed, with a comma or a point: `19,90` → 19.9; null when not a valid amount. */
export function parsePrice(text: string): number | null {
  const compact = text.trim().replace(/\s|€/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(compact)) return null;
  const value = Number(compact);
  return value <= 100_000 ? value : null;
}

/** Maps the server's field names (`translations.fi.name`, `branches.branchIds`…) to the form's. */
function errorKeyOf(field: string): ErrorKey | null {
  if (/^translations\.[a-z]{2}\.name$/.test(field)) return 'name';
  if (field === 'price' || field === 'validFrom' || field === 'validTo') return field;
  if (field.startsWith('branches')) return 'branches';
  return null;
}

export interface CouponFormProps {
  /** null for a new coupon. */
  coupon: AdminCoupon | null;
}

/**
 * Creates or edits a coupon (spec §3 "Coupon"): texts per language with the edited language,
 * price and its details, dates unless continuous, active, branches and the image.
 */
export function CouponForm({ coupon }: CouponFormProps) {
  const { t } = useTranslation('admin-coupons');
  const uiLanguage = useLanguage();
  const [, navigate] = useLocation();
  // Each refused save brings the focus to the error summary at the top of the form.
  const form = useForm<Draft, ErrorKey>({
    initial: () => draftOf(coupon, uiLanguage),
    validate: (current) => validate(current),
    fieldOf: errorKeyOf,
  });
  const { draft, setDraft, errors, failure, refusals } = form;
  const [image, setImage] = useState<ImageChange>({ kind: 'keep' });
  const [imageProblem, setImageProblem] = useState<ImageProblem | 'checking' | null>(null);
  const [imageServerError, setImageServerError] = useState<string | undefined>();
  const save = useSaveCoupon();

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const setText = (key: TextKey, value: string) =>
    setDraft((current) => ({
      ...current,
      translations: {
        ...current.translations,
        [current.language]: { ...current.translations[current.language], [key]: value },
      },
    }));
  const texts = draft.translations[draft.language];

  function validate(current: Draft): Partial<Record<ErrorKey, string>> {
    const found: Partial<Record<ErrorKey, string>> = {};
    if (current.translations[current.language].name.trim() === '') found.name = t('required');
    if (parsePrice(current.price) === null) found.price = t('form.priceInvalid');
    if (!current.isContinuous) {
      if (current.validFrom === '') found.validFrom = t('required');
      if (current.validTo === '') found.validTo = t('required');
      if (
        current.validFrom !== '' &&
        current.validTo !== '' &&
        current.validTo < current.validFrom
      ) {
        found.validTo = t('form.datesOrder');
      }
    }
    if (!current.branches.all && current.branches.branchIds.length === 0) {
      found.branches = t('branches.required');
    }
    return found;
  }

  // The summary of a refused save, in the order of the form; the image's problem comes last (a
  // file refused when chosen says so beneath the field at once, and in the summary once saved).
  const imageProblemText = useImageProblemText(imageProblem);
  const imageText = refusals > 0 ? (imageProblemText ?? imageServerError) : undefined;
  const summary: ErrorSummaryItem[] = [
    ...form.summary(
      (['name', 'price', 'validFrom', 'validTo', 'branches'] as const).map((key) => ({
        key,
        id: FIELD_IDS[key],
        label: t(FIELD_LABELS[key]),
      })),
    ),
    ...(imageText === undefined
      ? []
      : [{ target: IMAGE_FIELD_ID, label: t('image.label'), message: imageText }]),
  ];

  const bodyOf = (): AdminCouponWrite => ({
    translations: draft.translations,
    editedLanguage: draft.language,
    price: parsePrice(draft.price) ?? 0,
    validFrom: draft.isContinuous ? null : draft.validFrom,
    validTo: draft.isContinuous ? null : draft.validTo,
    isActive: draft.isActive,
    isContinuous: draft.isContinuous,
    branches: draft.branches.all ? { all: true, branchIds: [] } : draft.branches,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    setImageServerError(undefined);
    return form.submit(
      event,
      async () => {
        try {
          await save.mutateAsync({ id: coupon?.id ?? null, body: bodyOf(), image });
        } catch (error) {
          if (!(error instanceof ImageSaveError)) throw error;
          // The coupon was saved, its image not.
          const message =
            (isApiError(error.reason) ? error.reason.userMessage : undefined) ?? t('image.failed');
          if (coupon === null) {
            toast.error(t('image.notSavedNew', { message }));
            navigate(`/admin/coupon/${error.coupon.id}/edit`, { replace: true });
          } else {
            setImage({ kind: 'keep' });
            setImageServerError(message);
            form.setFailure(t('image.notSaved'));
            form.refuse();
          }
          return;
        }
        toast.success(t('saved'));
        navigate('/admin/coupons');
      },
      {
        ready: () => imageProblem === null,
        describe: (error) =>
          [t('saveFailed'), isApiError(error) ? error.userMessage : undefined]
            .filter(Boolean)
            .join(' '),
      },
    );
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-8">
      <ErrorSummary items={summary} focusKey={refusals}>
        {failure}
      </ErrorSummary>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-lg font-semibold text-slate-900">{t('form.texts')}</legend>
        <SelectField
          label={t('form.language')}
          hint={t('form.languageHint')}
          value={draft.language}
          placeholder={false}
          options={COUPON_LANGUAGES.map((language) => ({
            value: language,
            label:
              draft.translations[language].name.trim() === ''
                ? t('form.languageEmpty', { language: t(`language.${language}`) })
                : t(`language.${language}`),
          }))}
          onChange={(value) => {
            const language = COUPON_LANGUAGES.find((candidate) => candidate === value);
            if (language) set('language', language);
          }}
        />
        <div lang={draft.language} className="flex flex-col gap-4">
          <TextField
            id={FIELD_IDS.name}
            label={t('form.name')}
            required
            value={texts.name}
            maxLength={200}
            error={errors.name}
            onChange={(event) => setText('name', event.target.value)}
          />
          <TextArea
            label={t('form.priceDetails')}
            value={texts.priceDetails}
            maxLength={1000}
            rows={2}
            onChange={(event) => setText('priceDetails', event.target.value)}
          />
          <TextArea
            label={t('form.instructions')}
            value={texts.instructions}
            maxLength={5000}
            rows={3}
            onChange={(event) => setText('instructions', event.target.value)}
          />
          <TextArea
            label={t('form.info')}
            value={texts.info}
            maxLength={5000}
            rows={3}
            onChange={(event) => setText('info', event.target.value)}
          />
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-lg font-semibold text-slate-900">
          {t('form.priceAndValidity')}
        </legend>
        <TextField
          id={FIELD_IDS.price}
          label={t('form.price')}
          hint={t('form.priceHint')}
          required
          inputMode="decimal"
          inputClassName="sm:max-w-40"
          value={draft.price}
          error={errors.price}
          onChange={(event) => set('price', event.target.value)}
        />
        <Checkbox
          label={t('form.isActive')}
          hint={t('form.isActiveHint')}
          checked={draft.isActive}
          onCheckedChange={(checked) => set('isActive', checked)}
        />
        <Checkbox
          label={t('form.isContinuous')}
          hint={t('form.isContinuousHint')}
          checked={draft.isContinuous}
          onCheckedChange={(checked) => set('isContinuous', checked)}
        />
        {!draft.isContinuous && (
          <div className="grid gap-4 sm:grid-cols-2">
            <DateField
              id={FIELD_IDS.validFrom}
              label={t('form.validFrom')}
              required
              showFormatted
              value={draft.validFrom}
              error={errors.validFrom}
              onChange={(value) => set('validFrom', value)}
            />
            <DateField
              id={FIELD_IDS.validTo}
              label={t('form.validTo')}
              required
              showFormatted
              min={draft.validFrom || undefined}
              value={draft.validTo}
              error={errors.validTo}
              onChange={(value) => set('validTo', value)}
            />
          </div>
        )}
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-lg font-semibold text-slate-900">{t('branches.title')}</legend>
        <BranchSelection
          value={draft.branches}
          error={errors.branches}
          onChange={(value) => set('branches', value)}
        />
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-lg font-semibold text-slate-900">{t('image.title')}</legend>
        <CouponImageField
          imageUrl={coupon?.imageUrl ?? null}
          value={image}
          onChange={(change) => {
            setImage(change);
            setImageServerError(undefined);
          }}
          onProblem={setImageProblem}
          serverError={imageServerError}
        />
      </fieldset>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={save.isPending || imageProblem === 'checking'}>
          {coupon === null ? t('form.create') : t('form.save')}
        </Button>
        <Button variant="secondary" onClick={() => navigate('/admin/coupons')}>
          {t('form.cancel')}
        </Button>
      </div>
    </form>
  );
}
