import { describe, expect, it } from 'vitest';
import { DEFAULT_CUSTOMIZATION, customizationSchema, type Customization } from '@tombo/shared';
import { mergeCustomization } from './api';

// The login route checks served and cached settings without zod: it must agree with the schema.
const candidates: unknown[] = [
  '',
  'x',
  '#123',
  '#12345678',
  '#12',
  'red',
  'center',
  'split',
  'video',
  'diagonal',
  true,
  false,
  0,
  null,
  {},
];

describe('mergeCustomization', () => {
  it('keeps a value exactly when the schema accepts it for its field', () => {
    const shape = customizationSchema.shape;
    for (const key of Object.keys(shape) as (keyof Customization)[]) {
      for (const value of candidates) {
        const kept = mergeCustomization({ [key]: value })[key] === value;
        expect({ key, value, kept }).toEqual({ key, value, kept: shape[key].safeParse(value).success });
      }
    }
  });

  it('drops unknown fields and starts from the defaults', () => {
    expect(mergeCustomization({ other: 'x', toString: 'x' })).toEqual(DEFAULT_CUSTOMIZATION);
    expect(mergeCustomization(null)).toEqual(DEFAULT_CUSTOMIZATION);
  });
});
