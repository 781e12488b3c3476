import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataOf, useApi } from '../../../shared/api.tsx';
import { getAdminCouponQueryOptions } from './get-admin-coupon.ts';
import { ADMIN_COUPONS_KEY, type AdminCoupon, type AdminCouponWrite } from './get-admin-coupons.ts';
import { readBytes, type ImageMime } from './image-check.ts';

/** What happens to the image on save: keep it, replace it with a checked file, or remove it. */
export type ImageChange =
  | { kind: 'keep' }
  | { kind: 'upload'; file: File; mime: ImageMime }
  | { kind: 'remove' };

export interface SaveCouponInput {
  /** null creates a coupon. */
  id: number | null;
  body: AdminCouponWrite;
  image: ImageChange;
}

/** Where a save stopped: the coupon itself, or its image after the coupon was stored. */
export class ImageSaveError extends Error {
  constructor(
    readonly coupon: AdminCoupon,
    readonly reason: unknown,
  ) {
    super('The coupon was saved but its image was not', { cause: reason });
    this.name = 'ImageSaveError';
  }
}

/**
 * Creates or updates a coupon (POST / PUT /api/admin/coupons…), then uploads its image as the raw
 * file (PUT …/image) or removes it (DELETE …/image). A refused image rejects with
 * {@link ImageSaveError}, which carries the stored coupon.
 */
export function useSaveCoupon() {
  const { client, $api } = useApi();
  const queryClient = useQueryClient();
  return useMutation<AdminCoupon, Error, SaveCouponInput>({
    mutationFn: async ({ id, body, image }) => {
      const coupon =
        id === null
          ? dataOf(await client.POST('/api/admin/coupons', { body }))
          : dataOf(await client.PUT('/api/admin/coupons/{id}', { params: { path: { id } }, body }));
      const params = { path: { id: coupon.id } };
      try {
        if (image.kind === 'upload') {
          // The bytes, not the File: every fetch (browsers, Node in tests) sends them as they are.
          const bytes = await readBytes(image.file);
          const { imageUrl } = dataOf(
            await client.PUT('/api/admin/coupons/{id}/image', {
              params,
              // The contract types the raw body as a string; the file goes as it is.
              body: '',
              bodySerializer: () => bytes,
              headers: { 'Content-Type': image.mime },
            }),
          );
          return { ...coupon, imageUrl };
        }
        if (image.kind === 'remove' && coupon.imageUrl !== null) {
          await client.DELETE('/api/admin/coupons/{id}/image', { params });
          return { ...coupon, imageUrl: null };
        }
      } catch (error) {
        throw new ImageSaveError(coupon, error);
      }
      return coupon;
    },
    onSettled: (_data, error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_COUPONS_KEY });
      const saved = error instanceof ImageSaveError ? error.coupon.id : id;
      if (saved !== null) {
        void queryClient.invalidateQueries({
          queryKey: getAdminCouponQueryOptions($api, saved).queryKey,
        });
      }
    },
  });
}

/** Deletes a coupon with its image and redemptions (DELETE /api/admin/coupons/{id}). */
export function useDeleteCoupon() {
  const { client, $api } = useApi();
  const queryClient = useQueryClient();
  return useMutation<number, Error, number>({
    mutationFn: async (id) => {
      await client.DELETE('/api/admin/coupons/{id}', { params: { path: { id } } });
      return id;
    },
    onSuccess: (id) => {
      queryClient.removeQueries({ queryKey: getAdminCouponQueryOptions($api, id).queryKey });
      void queryClient.invalidateQueries({ queryKey: ADMIN_COUPONS_KEY });
    },
  });
}
