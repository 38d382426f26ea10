/**
 * An int[] literal for one `$n::int[]` parameter: drizzle would spread a JS array into
 * several parameters inside a transaction.
 */
export const intArray = (values: readonly number[]) => `{${values.map((v) => Math.trunc(v)).join(',')}}`;
