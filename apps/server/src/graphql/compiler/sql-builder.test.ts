import { describe, expect, it } from 'vitest';
import { MAX_SQL_PARAMETERS } from '../../db/database-errors';
import type { RequestScope } from '../../modules/scope/scope';
import { GraphqlApiError } from '../errors';
import { SqlBuilder } from './sql-builder';

describe('SqlBuilder', () => {
  it(`stops compiling at ${MAX_SQL_PARAMETERS} parameters with a French 400 (PostgreSQL counts them on 16 bits)`, () => {
    const builder = new SqlBuilder({} as RequestScope);
    for (let i = 0; i < MAX_SQL_PARAMETERS; i++) builder.param(i, 'Int');
    let refusal: unknown;
    try {
      builder.key('one-too-many');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(GraphqlApiError);
    expect(refusal).toMatchObject({ code: 'validation-failed', status: 400 });
    expect((refusal as Error).message).toMatch(
      /^Requête trop volumineuse : trop de valeurs à comparer \(au plus 65 535\)/,
    );
    expect(builder.params).toHaveLength(MAX_SQL_PARAMETERS);
  });
});
