/** French text of the auth feature. */
export const authMessages = {
  title: 'Connexion',
  subtitle: 'Gestion des finances',
  email: 'Adresse e-mail',
  password: 'Mot de passe',
  submit: 'Se connecter',
  requiredHint: '(* Champs obligatoires)',
  formInvalid: 'Merci de corriger les champs',
  invalidCredentials: 'Identifiants incorrects',
  unavailable: 'Connexion impossible pour le moment. Réessayez dans quelques instants.',
  sessionLoading: 'Chargement de votre session…',
  sessionError: 'Impossible de charger votre session.',
  sessionExpired: 'Votre session a expiré, merci de vous reconnecter.',
} as const;
