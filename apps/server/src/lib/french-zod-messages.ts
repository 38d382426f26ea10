import { z } from 'zod';

/**
 * Zod's built-in messages in French, so a 400 reads like the rest of the product
 * ("Entrée invalide : entier attendu, chaîne reçue"). Global to the process: importing
 * this module once is enough, and it only changes wording, never what is accepted.
 */
z.config(z.locales.fr());
