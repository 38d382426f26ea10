import { describe, expect, it } from 'vitest';
import { moduleAccessRefusal } from './card-state';

const OPEN = { blocked: false, affiliated: true, affiliatedCurrentSeason: true };
const member = { isSuperAdmin: false };

describe('moduleAccessRefusal: blocked > not affiliated > not affiliated this season > no permission', () => {
  it('opens the module to a permitted member of an affiliated, unblocked structure', () => {
    expect(moduleAccessRefusal(member, OPEN, true)).toBeNull();
  });

  it('names the first refusal in precedence order when several hold', () => {
    const none = { blocked: true, affiliated: false, affiliatedCurrentSeason: false };
    expect(moduleAccessRefusal(member, none, false)).toBe('blocked');
    expect(moduleAccessRefusal(member, { ...none, blocked: false }, false)).toBe('not_affiliated');
    expect(moduleAccessRefusal(member, { ...OPEN, affiliatedCurrentSeason: false }, false)).toBe(
      'not_affiliated_current_season',
    );
    expect(moduleAccessRefusal(member, OPEN, false)).toBe('no_permission');
  });

  it('lets super_administrateur through whatever the structure and permissions', () => {
    const none = { blocked: true, affiliated: false, affiliatedCurrentSeason: false };
    expect(moduleAccessRefusal({ isSuperAdmin: true }, none, false)).toBeNull();
  });
});
