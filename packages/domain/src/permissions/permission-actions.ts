import { ModuleSlug, type ModuleSlugValue } from '../modules/module-slugs';
import { RoleSlug, type RoleSlugValue } from '../auth/roles';

/**
 * Permissions are data: role x module x action (FEDE_RoleModule). Reading a module
 * ('lecture', the per-module permission of R-PERM-01) and writing in it are separate grants,
 * as Hasura separates select from insert/update permissions.
 */
export const PermissionAction = {
  /** Open the module and read its data (R-PERM-01). */
  Lecture: 'lecture',
  /** Create and change rows (amounts, dates, category, paid flag) through the generic mutations. */
  Ecriture: 'ecriture',
  /** Re-present an unpaid direct debit (R-FLUX-05, R-PERM-08). */
  Relance: 'relance',
  /** Validate and close accounting periods (R-LEDG-07, R-LEDG-09): validated entries never change. */
  Validation: 'validation',
  /** Issue a reminder letter ('Relance' 1-3) to a structure with overdue flux. */
  LettreRelance: 'lettre_relance',
  /** Generate and cancel the credit-transfer files that pay the levels' shares and refunds (R-PAY-08). */
  Virement: 'virement',
} as const;
export type PermissionActionValue = (typeof PermissionAction)[keyof typeof PermissionAction];
export type WriteActionValue = Exclude<PermissionActionValue, 'lecture'>;

/** A write grant as one string, 'module:action', the form /api/me sends. */
export type ActionGrant = `${ModuleSlugValue}:${WriteActionValue}`;
export const actionGrant = (module: ModuleSlugValue, action: WriteActionValue): ActionGrant => `${module}:${action}`;

/** The write actions each module knows (read access exists for every module). */
export const MODULE_WRITE_ACTIONS: Readonly<Partial<Record<ModuleSlugValue, readonly WriteActionValue[]>>> = {
  [ModuleSlug.FluxFinanciers]: [PermissionAction.Ecriture, PermissionAction.Relance, PermissionAction.LettreRelance],
  [ModuleSlug.ExportSepa]: [PermissionAction.Ecriture, PermissionAction.Virement],
  [ModuleSlug.CreationFactures]: [PermissionAction.Ecriture],
  [ModuleSlug.Recapitulatif]: [PermissionAction.Ecriture],
  [ModuleSlug.ExportSage]: [PermissionAction.Validation],
  [ModuleSlug.ParamPlanComptable]: [PermissionAction.Ecriture],
  [ModuleSlug.ParamTypeFacturation]: [PermissionAction.Ecriture],
  [ModuleSlug.ParamPlanAnalytique]: [PermissionAction.Ecriture],
  [ModuleSlug.ParamFluxFinancier]: [PermissionAction.Ecriture],
};

/** Generic flux insert/update: amounts, dates, category, paid flag. */
export const FLUX_WRITE = actionGrant(ModuleSlug.FluxFinanciers, PermissionAction.Ecriture);
/** R-FLUX-05's relaunch of a direct debit. */
export const FLUX_RELAUNCH = actionGrant(ModuleSlug.FluxFinanciers, PermissionAction.Relance);
/** Issuing a reminder letter for overdue flux (an issued document, recorded). */
export const REMINDER_LETTER = actionGrant(ModuleSlug.FluxFinanciers, PermissionAction.LettreRelance);
/** 'Création factures': drafts, issuing invoices and avoirs, bulk invoicing (R-INV-10). */
export const INVOICING_WRITE = actionGrant(ModuleSlug.CreationFactures, PermissionAction.Ecriture);
/** 'Récapitulatif mensuel': issuing a past month's recap on demand, and the e-mail opt-in (R-RECAP-08). */
export const RECAP_WRITE = actionGrant(ModuleSlug.Recapitulatif, PermissionAction.Ecriture);
/** Generating a SEPA file (it claims the flux it collects). */
export const SEPA_WRITE = actionGrant(ModuleSlug.ExportSepa, PermissionAction.Ecriture);
/** 'Générer les virements SEPA': the shares' and refunds' credit-transfer files (R-PAY-08). */
export const PAYOUT_WRITE = actionGrant(ModuleSlug.ExportSepa, PermissionAction.Virement);
/** 'Valider les écritures' and closing a fiscal year, in the current structure's ledger. */
export const LEDGER_VALIDATION = actionGrant(ModuleSlug.ExportSage, PermissionAction.Validation);
/** Creating, changing and deleting the structure's own accounting settings, per settings page. */
export const SETTINGS_WRITES = [
  ModuleSlug.ParamPlanComptable,
  ModuleSlug.ParamTypeFacturation,
  ModuleSlug.ParamPlanAnalytique,
  ModuleSlug.ParamFluxFinancier,
].map((module) => actionGrant(module, PermissionAction.Ecriture));

/**
 * Default write grants per role. The generic flux insert/update for the federation's own
 * administrators (super_administrateur, Administrateur SI); the relaunch and SEPA generation
 * for the head office and the roles holding the SEPA authorisation (the same two); the
 * accounting settings to the roles that read them (their own structure's settings); reminder
 * letters to the head office and territorial administrators, who follow up their scope's
 * overdue flux. Clubs write none of the flux: a structure never sets what it owes. Issuing a
 * past month's 'Récapitulatif mensuel' and its e-mail opt-in (R-RECAP-08) to the head office's
 * and the ligues' and comités' administrators; a club's administrator reads its recaps.
 */
export const DEFAULT_ROLE_GRANTS: Readonly<Record<RoleSlugValue, readonly ActionGrant[]>> = {
  [RoleSlug.SuperAdministrateur]: [
    FLUX_WRITE,
    FLUX_RELAUNCH,
    REMINDER_LETTER,
    SEPA_WRITE,
    LEDGER_VALIDATION,
    INVOICING_WRITE,
    PAYOUT_WRITE,
    RECAP_WRITE,
    ...SETTINGS_WRITES,
  ],
  [RoleSlug.AdministrateurSI]: [
    FLUX_WRITE,
    FLUX_RELAUNCH,
    REMINDER_LETTER,
    SEPA_WRITE,
    LEDGER_VALIDATION,
    INVOICING_WRITE,
    PAYOUT_WRITE,
    RECAP_WRITE,
    ...SETTINGS_WRITES,
  ],
  [RoleSlug.AdministrateurAT]: [REMINDER_LETTER, RECAP_WRITE, ...SETTINGS_WRITES],
  [RoleSlug.Administrateur]: [],
};

const ACTION_REFUSALS: Readonly<Partial<Record<ActionGrant, string>>> = {
  [FLUX_WRITE]: "Vous n'avez pas le droit de créer ou de modifier des flux financiers.",
  [FLUX_RELAUNCH]: "Vous n'avez pas le droit de relancer un prélèvement.",
  [REMINDER_LETTER]: "Vous n'avez pas le droit d'émettre une lettre de relance.",
  [SEPA_WRITE]: "Vous n'avez pas le droit de générer un fichier de prélèvements SEPA.",
  [LEDGER_VALIDATION]: "Vous n'avez pas le droit de valider les écritures ni de clôturer un exercice.",
  [INVOICING_WRITE]: "Vous n'avez pas le droit de créer ou d'émettre des factures.",
  [PAYOUT_WRITE]: 'Vous n’avez pas le droit de générer ni d’annuler des virements SEPA.',
  [RECAP_WRITE]: 'Vous n’avez pas le droit d’émettre un récapitulatif mensuel ni de changer son envoi par e-mail.',
};

/** French refusal for a missing write grant. */
export function actionRefusal(grant: ActionGrant): string {
  return ACTION_REFUSALS[grant] ?? "Vous n'avez pas le droit de modifier ces données.";
}
