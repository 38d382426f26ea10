/** One item of GET /api/structure_ribs/structure/{id}: shared by the server and the web app. */
export interface StructureRib {
  id: number;
  ID_Structure: number;
  /** Whole, or masked but for its last 4 characters when the role may not read it. */
  IBAN: string;
  IBANMasque: boolean;
  BIC: string | null;
  Titulaire: string;
  Banque: string | null;
  MandatRUM: string | null;
  MandatDateSignature: string | null;
  /** The account is the one in use. */
  EST_Valide: boolean;
  /** The IBAN passes its checksum. */
  ibanValide: boolean;
}
