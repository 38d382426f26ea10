import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';
import { DOC_Contenu } from './documents';
import { STR_Structure } from './structures';
import { UTI_Utilisateur } from './users';

/**
 * A durable job ('traitement', R-JOB-01, ADR 0050): what the user asked, who and for which
 * structure, its progress and outcome. The queue (pg-boss, its own schema) only hands it to a
 * worker; this row is what 'Mes traitements' shows and what a step commits its checkpoint to,
 * in the step's own transaction, so a step's effects and the progress that names them commit
 * together or not at all (R-JOB-02).
 */
export const APP_Traitement = pgTable(
  'APP_Traitement',
  {
    id: id(),
    /** The pg-boss job that carries it (same id in the queue's tables). */
    ID_File: uuid('ID_File').notNull(),
    /** The job kind ('validation_ecritures'...), its queue's name. */
    Type: text('Type').notNull(),
    /** What the user reads in 'Mes traitements' (French). */
    Libelle: text('Libelle').notNull(),
    ID_Utilisateur: integer('ID_Utilisateur').references(() => UTI_Utilisateur.id),
    ID_Structure: integer('ID_Structure')
      .notNull()
      .references(() => STR_Structure.id),
    /** One job at a time per key (e.g. a structure's books): unique while waiting or running. */
    Cle: text('Cle').notNull(),
    Parametres: jsonb('Parametres').notNull(),
    /** en_attente, en_cours, termine, echoue, annule. */
    Statut: text('Statut').notNull().default('en_attente'),
    AnnulationDemandee: boolean('AnnulationDemandee').notNull().default(false),
    Fait: bigint('Fait', { mode: 'number' }).notNull().default(0),
    Total: bigint('Total', { mode: 'number' }),
    /** The step running now (French), for the progress line. */
    Etape: text('Etape'),
    /** Where the job resumes: the last step's checkpoint, committed with its effects. */
    Reprise: jsonb('Reprise'),
    /** Raised when a worker takes the job: a step commits only under the attempt that read it (fencing). */
    Tentative: integer('Tentative').notNull().default(0),
    /** Last sign of life of the worker running it: a stale one is handed back to the queue. */
    Pouls: timestamptz('Pouls'),
    Resultat: jsonb('Resultat'),
    /** A result file, when the job makes one (DOC_Contenu). */
    ID_Contenu: integer('ID_Contenu').references(() => DOC_Contenu.id),
    NomFichier: text('NomFichier'),
    /** Why it failed, in French. */
    Erreur: text('Erreur'),
    Z_DateCreation: createdAt(),
    DateDebut: timestamptz('DateDebut'),
    DateFin: timestamptz('DateFin'),
  },
  (t) => [
    index('app_traitement_utilisateur_idx').on(t.ID_Utilisateur, t.id),
    uniqueIndex('app_traitement_file_uq').on(t.ID_File),
    uniqueIndex('app_traitement_cle_active_uq')
      .on(t.Cle)
      .where(sql`"Statut" IN ('en_attente', 'en_cours')`),
    index('app_traitement_actif_idx')
      .on(t.Statut)
      .where(sql`"Statut" IN ('en_attente', 'en_cours')`),
  ],
);
