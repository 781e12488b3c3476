import {
  adminGetCoupon,
  adminListCoupons,
  createCoupon,
  deleteCoupon,
  updateCoupon,
} from '../../core/coupons/admin.ts';
import { getCoupon, listCoupons, redeemCoupon } from '../../core/coupons/coupons.ts';
import { deleteCouponImage, getImage, uploadCouponImage } from '../../core/coupons/images.ts';
import { type Result } from '../../core/result.ts';
import { reply } from '../pipeline.ts';
import type { OperationHandlers, Reply } from '../types.ts';

/** Uploaded image names are never reused, so an image may be cached for good. */
const IMMUTABLE = { 'Cache-Control': 'public, max-age=31536000, immutable' };

function json<T>(status: number, result: Result<T>): Result<Reply> {
  return result.ok ? reply.json(status, result.value) : result;
}

function noContent(result: Result<unknown>): Result<Reply> {
  return result.ok ? reply.noContent() : result;
}

/** Handlers of the coupons operations: request → core → reply. */
export const couponsHandlers: OperationHandlers = {
  listCoupons: ({ state, person, language }) =>
    reply.json(200, listCoupons(state, person.id, language)),
  getCoupon: ({ state, person, path, language }) =>
    json(200, getCoupon(state, person.id, path.id, language)),
  redeemCoupon: ({ state, person, path }) => json(200, redeemCoupon(state, person.id, path.id)),

  adminListCoupons: ({ state, query }) => reply.json(200, adminListCoupons(state, query)),
  createCoupon: ({ state, body }) => json(201, createCoupon(state, body)),
  adminGetCoupon: ({ state, path }) => json(200, adminGetCoupon(state, path.id)),
  updateCoupon: ({ state, path, body }) => json(200, updateCoupon(state, path.id, body)),
  deleteCoupon: ({ state, path }) => noContent(deleteCoupon(state, path.id)),

  uploadCouponImage: async ({ state, path, rawBody, reencodeImage }) =>
    json(200, await uploadCouponImage(state, path.id, rawBody, reencodeImage)),
  deleteCouponImage: ({ state, path }) => noContent(deleteCouponImage(state, path.id)),
  getImage: ({ state, path }) => {
    const image = getImage(state, path.name);
    return image.ok ? reply.raw(200, image.value.bytes, image.value.contentType, IMMUTABLE) : image;
  },
};
