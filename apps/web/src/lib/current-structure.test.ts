import { describe, expect, it } from 'vitest';
import { meFixture } from '@/test/fixtures';
import { resolveCurrentStructure } from './current-structure';

const { memberships } = meFixture;

describe('resolveCurrentStructure', () => {
  it('takes the structureId of the URL when it is a membership', () => {
    expect(resolveCurrentStructure(memberships, '202')?.structureName).toBe('Ligue Auvergne-Rhône-Alpes');
  });
  it.each([null, '', '999', 'abc'])('falls back to the first membership for %s', (requested) => {
    expect(resolveCurrentStructure(memberships, requested)?.structureId).toBe(101);
  });
  it('is undefined without memberships', () => {
    expect(resolveCurrentStructure([], '101')).toBeUndefined();
  });
});
