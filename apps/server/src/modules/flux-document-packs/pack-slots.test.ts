import { DOCUMENT_PACK_MESSAGES } from '@gdf/domain';
import { describe, expect, it } from 'vitest';
import { createMemoryPlaceStore } from '../../lib/shared-limits/memory-place-store';
import { createSharedPlaces } from '../../lib/shared-limits/places';
import { createPackSlots } from './pack-slots';

describe('packs built at once', () => {
  it('one per user, a few in all, each place given back once', async () => {
    const slots = createPackSlots(createSharedPlaces(createMemoryPlaceStore()), 2);
    const first = await slots.take(1);
    await expect(slots.take(1)).rejects.toThrow(DOCUMENT_PACK_MESSAGES.busy);
    const second = await slots.take(2);
    await expect(slots.take(3)).rejects.toThrow(DOCUMENT_PACK_MESSAGES.serverBusy);
    first.release();
    first.release();
    // Released twice, counted once: user 1 left one place, not two.
    const third = await slots.take(3);
    await expect(slots.take(1)).rejects.toThrow(DOCUMENT_PACK_MESSAGES.serverBusy);
    second.release();
    third.release();
    (await slots.take(1)).release();
  });

  it('counts the places of every process sharing the store', async () => {
    const store = createMemoryPlaceStore();
    const one = createPackSlots(createSharedPlaces(store), 2);
    const other = createPackSlots(createSharedPlaces(store), 2);
    await one.take(1);
    await expect(other.take(1)).rejects.toThrow(DOCUMENT_PACK_MESSAGES.busy);
    await other.take(2);
    await expect(one.take(3)).rejects.toThrow(DOCUMENT_PACK_MESSAGES.serverBusy);
  });

  it('answers 429', async () => {
    const slots = createPackSlots(createSharedPlaces(createMemoryPlaceStore()), 1);
    await slots.take(1);
    await expect(slots.take(1)).rejects.toThrow(expect.objectContaining({ statusCode: 429 }));
  });
});
