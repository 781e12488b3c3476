import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, FileField, formatFileSize, useAssetUrl } from '../../../ui/index.ts';
import type { ImageChange } from '../api/coupon-actions.ts';
import {
  checkImage,
  IMAGE_ACCEPT,
  MAX_IMAGE_BYTES,
  type ImageProblem,
} from '../api/image-check.ts';

/** The file input's id: the form's error summary links to it. */
export const IMAGE_FIELD_ID = 'coupon-image';

/** The message of a chosen file's problem (the form's error summary repeats it). */
export function useImageProblemText(problem: ImageProblem | 'checking' | null): string | undefined {
  const { t, i18n } = useTranslation('admin-coupons');
  if (problem === 'too-large') {
    return t('image.tooLarge', { max: formatFileSize(MAX_IMAGE_BYTES, i18n.language) });
  }
  return problem === 'wrong-type' ? t('image.wrongType') : undefined;
}

export interface CouponImageFieldProps {
  /** The stored image, if any. */
  imageUrl: string | null;
  value: ImageChange;
  onChange: (change: ImageChange) => void;
  /** Called while a chosen file is being checked or has a problem (the form must not save). */
  onProblem: (problem: ImageProblem | 'checking' | null) => void;
  /** A message from the server about the image (413 / 415…), shown under the field. */
  serverError?: string;
}

/**
 * A chosen file shown as an image. Its object URL is made when the file is shown and revoked when
 * the file changes or the preview goes away, so no URL outlives its image.
 */
function FilePreview({ file, alt, className }: { file: File; alt: string; className: string }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (image.current === null || typeof URL.createObjectURL !== 'function') return undefined;
    const url = URL.createObjectURL(file);
    image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return <img ref={image} alt={alt} className={className} />;
}

const PREVIEW_CLASSES =
  'mt-2 max-h-48 w-auto max-w-full rounded-md border border-slate-300 object-contain';

/**
 * The coupon's image: the current one as a preview with a remove action, and a file field for a
 * new JPG or PNG of at most 2 MB. A chosen file is checked at once, by name, size and its first
 * bytes; a refused file is never sent and keeps the form from saving.
 */
export function CouponImageField({
  imageUrl,
  value,
  onChange,
  onProblem,
  serverError,
}: CouponImageFieldProps) {
  const { t } = useTranslation('admin-coupons');
  const assetUrl = useAssetUrl();
  const [problem, setProblem] = useState<ImageProblem | null>(null);
  const chosen = value.kind === 'upload' ? value.file : null;
  const shownUrl = value.kind === 'keep' && imageUrl !== null ? assetUrl(imageUrl) : null;

  const choose = async (file: File | null) => {
    if (file === null) {
      setProblem(null);
      onProblem(null);
      onChange({ kind: 'keep' });
      return;
    }
    onProblem('checking');
    const result = await checkImage(file);
    if (result.ok) {
      setProblem(null);
      onProblem(null);
      onChange({ kind: 'upload', file, mime: result.mime });
    } else {
      setProblem(result.problem);
      onProblem(result.problem);
      onChange({ kind: 'keep' });
    }
  };

  const problemText = useImageProblemText(problem);

  return (
    <div className="flex flex-col gap-3">
      <div>
        <p className="font-medium text-slate-900">{t('image.current')}</p>
        {chosen !== null ? (
          <FilePreview file={chosen} alt={t('image.newAlt')} className={PREVIEW_CLASSES} />
        ) : shownUrl ? (
          <img src={shownUrl} alt={t('image.currentAlt')} className={PREVIEW_CLASSES} />
        ) : (
          <p className="mt-1 text-slate-700">
            {value.kind === 'remove' ? t('image.willBeRemoved') : t('image.none')}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {imageUrl !== null && value.kind !== 'remove' && (
          <Button variant="secondary" size="sm" onClick={() => onChange({ kind: 'remove' })}>
            {t('image.remove')}
          </Button>
        )}
        {value.kind === 'remove' && (
          <Button variant="secondary" size="sm" onClick={() => onChange({ kind: 'keep' })}>
            {t('image.undoRemove')}
          </Button>
        )}
      </div>
      <FileField
        id={IMAGE_FIELD_ID}
        label={t('image.label')}
        hint={t('image.hint')}
        accept={IMAGE_ACCEPT}
        maxBytes={MAX_IMAGE_BYTES}
        error={problemText ?? serverError}
        onFileChange={(file) => void choose(file)}
      />
    </div>
  );
}
