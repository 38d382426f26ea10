/** How a SEPA batch is recorded: its MKP_Traitement type and the action of its audit row (read by other modules too). */
export const SEPA_BATCH_TYPE = 'prelevement_sepa';
export const SEPA_AUDIT_ACTION = 'export_sepa';

/**
 * SQL: the requested collection date (YYYY-MM-DD) a batch's audit row (`auditAlias`, action
 * SEPA_AUDIT_ACTION) records, null when it records none (seeded history).
 */
export const batchCollectionDateSql = (auditAlias: string) =>
  `CASE WHEN ${auditAlias}."Details"->>'dateEcheance' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
        THEN ${auditAlias}."Details"->>'dateEcheance' END`;
