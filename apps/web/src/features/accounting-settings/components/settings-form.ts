/** A form field of a settings list: text, or a choice among options (ids or codes). */
export interface SettingsField {
  key: string;
  label: string;
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** Empty becomes null (optional fields); numeric fields are sent as numbers. */
  nullable?: boolean;
  numeric?: boolean;
  /** Upper-case what the user types (codes and account numbers). */
  upperCase?: boolean;
}

export type FormValues = Record<string, string>;

export const emptyValues = (fields: readonly SettingsField[]): FormValues =>
  Object.fromEntries(fields.map((f) => [f.key, '']));

export const rowToValues = (fields: readonly SettingsField[], row: Record<string, unknown>): FormValues =>
  Object.fromEntries(
    fields.map((f) => [f.key, row[f.key] === null || row[f.key] === undefined ? '' : String(row[f.key])]),
  );

/** The JSON body the API expects (see the zod contracts in @gdf/domain). */
export function toPayload(fields: readonly SettingsField[], values: FormValues): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((f) => {
      const raw = (values[f.key] ?? '').trim();
      if (raw === '' && f.nullable) return [f.key, null];
      return [f.key, f.numeric ? Number(raw) : f.upperCase ? raw.toUpperCase() : raw];
    }),
  );
}
