import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { createCursorCodec } from './cursor';

describe('page cursors', () => {
  const codec = createCursorCodec(randomBytes(32));
  const scope = ['purchases', 'user-1', 'date_desc', 'drill'];

  it('gives back the place it was made for', () => {
    for (const position of [
      { direction: 'after', key: '2026-03-14', id: 42 },
      { direction: 'before', key: -1e300, id: 7, inclusive: true },
      { direction: 'after', key: 'lamp "deluxe" ✓', id: 1 },
    ] as const) {
      expect(codec.decode(scope, codec.encode(scope, position))).toEqual(position);
    }
  });

  it('refuses a cursor of another scope, another key, or one changed or cut', () => {
    const cursor = codec.encode(scope, { direction: 'after', key: 'x', id: 3 });
    const refused = [
      () => codec.decode(['purchases', 'user-2', 'date_desc', 'drill'], cursor),
      () => codec.decode(['purchases', 'user-1', 'name_asc', 'drill'], cursor),
      () => createCursorCodec(randomBytes(32)).decode(scope, cursor),
      () => codec.decode(scope, cursor.slice(0, -2)),
      () => codec.decode(scope, `A${cursor}`),
      () => codec.decode(scope, cursor.split('.')[0] as string),
      () => codec.decode(scope, 'last.one.more'),
    ];
    for (const decode of refused) {
      expect(decode).toThrow(AppError);
      expect(decode).toThrow(/^cursor: /);
    }
  });
});
