/** How a SEPA batch is recorded: its MKP_Traitement type and the action of its audit row (read by other modules too). */
export const SEPA_BATCH_TYPE = 'prelevement_sepa';
export const SEPA_AUDIT_ACTION = 'export_sepa';
