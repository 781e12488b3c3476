import { describe, expect, test } from 'vitest';
import { undocumentedProperties } from '../src/undocumented.ts';

// The documented properties of a schema, read through $ref, allOf, oneOf and anyOf, are the
// closed set a patient's view is held to (no_undocumented_properties).

const document = {
  components: {
    schemas: {
      Base: { type: 'object', properties: { id: { type: 'integer' } } },
      Coupon: {
        allOf: [
          { $ref: '#/components/schemas/Base' },
          {
            type: 'object',
            properties: {
              name: { type: 'string' },
              branches: { type: 'array', items: { $ref: '#/components/schemas/Branch' } },
              price: {
                oneOf: [
                  { type: 'null' },
                  { type: 'object', properties: { cents: { type: 'integer' } } },
                ],
              },
              texts: { type: 'object', additionalProperties: { type: 'string' } },
              extra: { type: 'object' },
            },
          },
        ],
      },
      Branch: { type: 'object', properties: { Id: { type: 'integer' } } },
    },
  },
};
const coupons = { type: 'array', items: { $ref: '#/components/schemas/Coupon' } };

describe('undocumented properties', () => {
  test('a body with only documented properties (through allOf, oneOf, maps) has none', () => {
    const body = [
      {
        id: 1,
        name: 'Kesäetu',
        branches: [{ Id: 3 }],
        price: { cents: 500 },
        texts: { fi: 'Etu', sv: 'Förmån' },
        extra: { anything: true },
      },
      { id: 2, name: 'Talvietu', branches: [], price: null, texts: {} },
    ];
    expect(undocumentedProperties(document, [coupons], body)).toEqual([]);
  });

  test('names each undocumented property by its path, at any depth', () => {
    const body = [
      { id: 1, name: 'Kesäetu', redemptionCount: 37 },
      { id: 2, branches: [{ Id: 3, staffNote: 'x' }], price: { cents: 1, cost: 0 } },
      { id: 3, 'redeemed-by': 'Matti Virtanen' },
    ];
    expect(undocumentedProperties(document, [coupons], body)).toEqual([
      '$[0].redemptionCount',
      '$[1].branches[0].staffNote',
      '$[1].price.cost',
      '$[2]["redeemed-by"]',
    ]);
  });
});
