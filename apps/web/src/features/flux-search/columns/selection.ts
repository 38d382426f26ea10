/**
 * A GraphQL selection written once as data: the query text and the TypeScript row type are
 * both derived from it, so the two cannot drift apart (what the row type says is what the
 * query asks for).
 */
export interface Field<T, Optional extends boolean = false> {
  readonly kind: 'field';
  readonly optional: Optional;
  /** 'head-office': selected for the head office only (its columns too: column-views.ts). */
  readonly audience?: 'head-office';
  /** Never set: carries the value's type. */
  readonly type?: T;
}

export interface Relation<S extends Selection, Optional extends boolean = false> {
  readonly kind: 'relation';
  readonly optional: Optional;
  readonly fields: S;
}

export interface Selection {
  readonly [name: string]: Field<unknown, boolean> | Relation<Selection, boolean>;
}

/** A scalar the row always holds (`T` may include null). */
export const field = <T>(): Field<T> => ({ kind: 'field', optional: false });
/** A scalar older answers and fixtures may leave out: `name?: T`. */
export const optionalField = <T>(): Field<T, true> => ({ kind: 'field', optional: true });
/**
 * A scalar only the head office reads (R-SCOPE-07): never asked for anyone else, optional in
 * the row; the server reads it as null for anyone else as well (graphql/metadata).
 */
export const headOfficeField = <T>(): Field<T | null, true> => ({
  kind: 'field',
  optional: true,
  audience: 'head-office',
});
/** An object relation: `name: { … } | null`. */
export const relation = <S extends Selection>(fields: S): Relation<S> => ({
  kind: 'relation',
  optional: false,
  fields,
});
/** An object relation that may be left out: `name?: { … } | null`. */
export const optionalRelation = <S extends Selection>(fields: S): Relation<S, true> => ({
  kind: 'relation',
  optional: true,
  fields,
});

type OptionalKeys<S extends Selection> = {
  [K in keyof S]: S[K] extends { optional: true } ? K : never;
}[keyof S];

type ValueOf<V> =
  V extends Field<infer T, boolean> ? T : V extends Relation<infer R, boolean> ? RowOf<R> | null : never;

/** The row a selection answers. */
export type RowOf<S extends Selection> = {
  -readonly [K in Exclude<keyof S, OptionalKeys<S>>]: ValueOf<S[K]>;
} & { -readonly [K in OptionalKeys<S>]?: ValueOf<S[K]> };

/** The GraphQL text of `selection`, in its order; `headOffice` false leaves out the head office's fields. */
export function selectionText(selection: Selection, headOffice: boolean): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(selection)) {
    if (value.kind === 'field' && value.audience === 'head-office' && !headOffice) continue;
    parts.push(value.kind === 'field' ? name : `${name} { ${selectionText(value.fields, headOffice)} }`);
  }
  return parts.join(' ');
}

/** Whether `selection[name]` is read by the head office only. */
export function headOfficeOnly(selection: Selection, name: string): boolean {
  const value = selection[name];
  return value?.kind === 'field' && value.audience === 'head-office';
}
