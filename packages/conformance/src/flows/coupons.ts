import type { OperationId } from '@portal/sdk/contract';
import { validBody } from '../discovery.ts';
import {
  errorCode,
  expectErrorCode,
  expectStatus,
  idOf,
  jsonObject,
  listItems,
} from '../expect.ts';
import { isObject } from '../json.ts';
import { describe, fail, skip, type Runner } from '../runner.ts';
import type { TestUser } from '../types.ts';
import { anySelected, Flow, hasAll, PNG_1X1, stringField, tokenOrReason } from './flow.ts';

/** The operations the coupons flow needs (select them all to run it alone). */
export const COUPON_FLOW_OPERATIONS: readonly OperationId[] = [
  'listCoupons',
  'getCoupon',
  'redeemCoupon',
  'createCoupon',
  'adminGetCoupon',
  'deleteCoupon',
  'uploadCouponImage',
  'deleteCouponImage',
  'getImage',
];

/**
 * Coupons: staff create an active coupon (valid everywhere, without dates), give it an image;
 * the patient sees it, redeems it, and a second redemption answers 409 already-redeemed with
 * RedeemedAt; then the image and the coupon are deleted. Without a staff token the patient
 * redeems a listed coupon instead.
 */
export async function couponFlow(runner: Runner): Promise<void> {
  if (!anySelected(runner, COUPON_FLOW_OPERATIONS) || !hasAll(runner, COUPON_FLOW_OPERATIONS))
    return;
  if (!runner.wantsFlow('coupon_flow')) return;
  const flow = new Flow(runner, 'coupon flow', 'coupon_flow');
  const patient = tokenOrReason(runner, 'patient');
  if ('reason' in patient) flow.block(patient.reason);
  const token = 'token' in patient ? patient.token : null;
  const staff = (['admin', 'content-manager'] as TestUser[]).find(
    (u) => runner.token(u) && runner.allows(runner.op('createCoupon'), u),
  );
  const staffToken = staff ? runner.token(staff) : null;

  let couponId: number | undefined;
  let imageName: string | undefined;
  let deleted = false;
  try {
    if (staffToken) {
      couponId = await flow.step(
        'createCoupon',
        'creates an active coupon for the redemption checks (201)',
        { destructive: true },
        async () => {
          const template = await validBody(runner, runner.op('createCoupon'));
          const body = {
            ...(isObject(template) ? template : {}),
            isActive: true,
            isContinuous: true,
            validFrom: null,
            validTo: null,
            branches: { all: true, branchIds: [] },
          };
          const answer = await runner.call('createCoupon', 'coupons: create a coupon', {
            token: staffToken,
            json: body,
          });
          expectStatus(runner.op('createCoupon'), answer, [201]);
          const id = idOf(answer.json);
          if (id === undefined) fail(`no id in ${describe(answer)}`);
          return id;
        },
      );

      await flow.step(
        'adminGetCoupon',
        'returns the coupon just created',
        { soft: true },
        async () => {
          const answer = await runner.call('adminGetCoupon', 'coupons: read it back as staff', {
            token: staffToken,
            path: { id: couponId },
          });
          expectStatus(runner.op('adminGetCoupon'), answer, [200]);
          if (idOf(answer.json) !== couponId)
            fail(`asked for ${couponId}, got ${describe(answer)}`);
        },
      );

      await flow.step(
        'uploadCouponImage',
        'answers 415 unsupported-media-type, not 500, to a short or cut-off PNG',
        { destructive: true, soft: true },
        async () => {
          // The signature and four more bytes, then the image cut one byte before its end.
          for (const body of [PNG_1X1.subarray(0, 12), PNG_1X1.subarray(0, PNG_1X1.length - 1)]) {
            const answer = await runner.call('uploadCouponImage', 'coupons: upload a broken PNG', {
              token: staffToken,
              path: { id: couponId },
              raw: { body, contentType: 'image/png' },
            });
            expectStatus(runner.op('uploadCouponImage'), answer, [415]);
            expectErrorCode(answer, ['unsupported-media-type']);
          }
        },
      );

      imageName = await flow.step(
        'uploadCouponImage',
        'stores a PNG image for the coupon (200 with its imageUrl)',
        { destructive: true, soft: true },
        async () => {
          const answer = await runner.call('uploadCouponImage', 'coupons: upload an image', {
            token: staffToken,
            path: { id: couponId },
            raw: { body: PNG_1X1, contentType: 'image/png' },
          });
          expectStatus(runner.op('uploadCouponImage'), answer, [200]);
          const url = stringField(answer.json, 'imageUrl');
          const name = url?.split('/').pop();
          if (!name) fail(`no imageUrl in ${describe(answer)}`);
          return name;
        },
      );

      if (imageName) {
        await flow.step(
          'getImage',
          'serves the uploaded image publicly as image/png',
          { soft: true },
          async () => {
            const answer = await runner.call('getImage', 'coupons: fetch the uploaded image', {
              path: { name: imageName },
            });
            expectStatus(runner.op('getImage'), answer, [200]);
            if (answer.mediaType !== 'image/png')
              fail(`content type ${answer.mediaType ?? 'none'}, expected image/png`);
            if (answer.byteLength === 0) fail('the image is empty');
          },
        );
      }
    } else {
      couponId = await flow.step(
        'listCoupons',
        'lists a coupon the patient can redeem',
        {},
        async () => {
          const answer = await runner.call('listCoupons', 'coupons: my coupons', { token });
          expectStatus(runner.op('listCoupons'), answer, [200]);
          const items = listItems(answer.json);
          const pick = items.find((c) => isObject(c) && c.redeemedAt === null) ?? items[0];
          const id = idOf(pick);
          if (id === undefined)
            skip('no coupon listed and no staff token to create one (--login-as admin)');
          return id;
        },
      );
    }

    await flow.step('listCoupons', 'lists the coupon for a patient', { soft: true }, async () => {
      const answer = await runner.call('listCoupons', 'coupons: my coupons', { token });
      expectStatus(runner.op('listCoupons'), answer, [200]);
      if (!listItems(answer.json).some((c) => idOf(c) === couponId))
        fail(`coupon ${couponId} is not listed: ${describe(answer)}`);
    });

    const first = await flow.step(
      'redeemCoupon',
      'redeems the coupon (200 with redeemedAt)',
      { destructive: true },
      async () => {
        const answer = await runner.call('redeemCoupon', 'coupons: redeem', {
          token,
          path: { id: couponId },
        });
        if (!staffToken && answer.status === 409 && errorCode(answer) === 'already-redeemed') {
          return stringField(answer.json, 'RedeemedAt');
        }
        expectStatus(runner.op('redeemCoupon'), answer, [200]);
        const redemption = jsonObject(answer);
        if (idOf({ id: redemption.couponId }) !== couponId)
          fail(`couponId ${String(redemption.couponId)}, expected ${couponId}`);
        return stringField(redemption, 'redeemedAt');
      },
    );

    await flow.step(
      'redeemCoupon',
      'answers 409 already-redeemed with RedeemedAt when redeemed twice',
      { destructive: true, soft: true, invariant: 'one_redemption_per_coupon' },
      async () => {
        const answer = await runner.call('redeemCoupon', 'coupons: redeem again', {
          token,
          path: { id: couponId },
        });
        expectStatus(runner.op('redeemCoupon'), answer, [409]);
        expectErrorCode(answer, ['already-redeemed']);
        const at = stringField(answer.json, 'RedeemedAt');
        if (!at) fail(`no RedeemedAt in ${describe(answer)}`);
        if (first && Date.parse(first) !== Date.parse(at))
          fail(`RedeemedAt ${at} is not the first redemption's ${first}`);
      },
    );

    await flow.step(
      'getCoupon',
      'shows the redemption date on the redeemed coupon',
      { soft: true },
      async () => {
        const answer = await runner.call('getCoupon', 'coupons: read the redeemed coupon', {
          token,
          path: { id: couponId },
        });
        expectStatus(runner.op('getCoupon'), answer, [200]);
        if (typeof jsonObject(answer).redeemedAt !== 'string')
          fail(`redeemedAt is not set: ${describe(answer)}`);
      },
    );

    if (staffToken && couponId !== undefined) {
      if (imageName) {
        await flow.step(
          'deleteCouponImage',
          "deletes the coupon's image (204)",
          { destructive: true, soft: true },
          async () => {
            const answer = await runner.call('deleteCouponImage', 'coupons: delete the image', {
              token: staffToken,
              path: { id: couponId },
            });
            expectStatus(runner.op('deleteCouponImage'), answer, [204]);
          },
        );
        await flow.step(
          'getImage',
          'answers 404 not-found for a deleted image',
          { soft: true },
          async () => {
            const answer = await runner.call('getImage', 'coupons: fetch the deleted image', {
              path: { name: imageName },
            });
            expectStatus(runner.op('getImage'), answer, [404]);
            expectErrorCode(answer, ['not-found']);
          },
        );
      }
      await flow.step(
        'deleteCoupon',
        'deletes the coupon it created (204)',
        { destructive: true },
        async () => {
          const answer = await runner.call('deleteCoupon', 'coupons: delete the coupon', {
            token: staffToken,
            path: { id: couponId },
          });
          expectStatus(runner.op('deleteCoupon'), answer, [204]);
          deleted = true;
        },
      );
      await flow.step(
        'getCoupon',
        'answers 404 not-found for a deleted coupon',
        { soft: true },
        async () => {
          const answer = await runner.call('getCoupon', 'coupons: read the deleted coupon', {
            token,
            path: { id: couponId },
          });
          expectStatus(runner.op('getCoupon'), answer, [404]);
          expectErrorCode(answer, ['not-found']);
        },
      );
    }
  } finally {
    if (staffToken && couponId !== undefined && !deleted) {
      await runner.call('deleteCoupon', 'cleanup: delete the coupon the checker created', {
        token: staffToken,
        path: { id: couponId },
      });
    }
  }
}
