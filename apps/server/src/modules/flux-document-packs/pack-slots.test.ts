import { DOCUMENT_PACK_MESSAGES } from '@gdf/domain';
import { describe, expect, it } from 'vitest';
import { createPackSlots } from './pack-slots';

describe('packs built at once', () => {
  it('one per user, a few in all, each place given back once', () => {
    const slots = createPackSlots(2);
    const first = slots.take(1);
    expect(() => slots.take(1)).toThrow(DOCUMENT_PACK_MESSAGES.busy);
    const second = slots.take(2);
    expect(() => slots.take(3)).toThrow(DOCUMENT_PACK_MESSAGES.serverBusy);
    first.release();
    first.release();
    // Released twice, counted once: user 1 left one place, not two.
    const third = slots.take(3);
    expect(() => slots.take(1)).toThrow(DOCUMENT_PACK_MESSAGES.serverBusy);
    second.release();
    third.release();
    expect(() => slots.take(1).release()).not.toThrow();
  });

  it('answers 429', () => {
    const slots = createPackSlots(1);
    slots.take(1);
    expect(() => slots.take(1)).toThrow(expect.objectContaining({ statusCode: 429 }));
  });
});
