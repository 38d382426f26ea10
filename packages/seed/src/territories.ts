/**
 * The 13 metropolitan regions (one ligue each) and their 96 departments (one comité
 * each), with the prefecture used for the comité's address. Public geography, written
 * as 'code|name|prefecture' to keep the table readable. A region's first department
 * holds its ligue's seat.
 */
export interface Department {
  code: string;
  name: string;
  prefecture: string;
  /** First two digits of the department's postcodes (Corsica uses 20). */
  postalPrefix: string;
}

export interface Region {
  name: string;
  departments: Department[];
}

const RAW: Record<string, string[]> = {
  'Auvergne-Rhône-Alpes': [
    '69|Rhône|Lyon',
    '38|Isère|Grenoble',
    '73|Savoie|Chambéry',
    '74|Haute-Savoie|Annecy',
    '01|Ain|Bourg-en-Bresse',
    '03|Allier|Moulins',
    '07|Ardèche|Privas',
    '15|Cantal|Aurillac',
    '26|Drôme|Valence',
    '42|Loire|Saint-Étienne',
    '43|Haute-Loire|Le Puy-en-Velay',
    '63|Puy-de-Dôme|Clermont-Ferrand',
  ],
  'Île-de-France': [
    '75|Paris|Paris',
    '92|Hauts-de-Seine|Nanterre',
    '77|Seine-et-Marne|Melun',
    '78|Yvelines|Versailles',
    '91|Essonne|Évry-Courcouronnes',
    '93|Seine-Saint-Denis|Bobigny',
    '94|Val-de-Marne|Créteil',
    "95|Val-d'Oise|Cergy",
  ],
  "Provence-Alpes-Côte d'Azur": [
    '13|Bouches-du-Rhône|Marseille',
    '05|Hautes-Alpes|Gap',
    '04|Alpes-de-Haute-Provence|Digne-les-Bains',
    '06|Alpes-Maritimes|Nice',
    '83|Var|Toulon',
    '84|Vaucluse|Avignon',
  ],
  Occitanie: [
    '31|Haute-Garonne|Toulouse',
    '09|Ariège|Foix',
    '11|Aude|Carcassonne',
    '12|Aveyron|Rodez',
    '30|Gard|Nîmes',
    '32|Gers|Auch',
    '34|Hérault|Montpellier',
    '46|Lot|Cahors',
    '48|Lozère|Mende',
    '65|Hautes-Pyrénées|Tarbes',
    '66|Pyrénées-Orientales|Perpignan',
    '81|Tarn|Albi',
    '82|Tarn-et-Garonne|Montauban',
  ],
  'Nouvelle-Aquitaine': [
    '33|Gironde|Bordeaux',
    '64|Pyrénées-Atlantiques|Pau',
    '16|Charente|Angoulême',
    '17|Charente-Maritime|La Rochelle',
    '19|Corrèze|Tulle',
    '23|Creuse|Guéret',
    '24|Dordogne|Périgueux',
    '40|Landes|Mont-de-Marsan',
    '47|Lot-et-Garonne|Agen',
    '79|Deux-Sèvres|Niort',
    '86|Vienne|Poitiers',
    '87|Haute-Vienne|Limoges',
  ],
  'Bourgogne-Franche-Comté': [
    "21|Côte-d'Or|Dijon",
    '25|Doubs|Besançon',
    '39|Jura|Lons-le-Saunier',
    '58|Nièvre|Nevers',
    '70|Haute-Saône|Vesoul',
    '71|Saône-et-Loire|Mâcon',
    '89|Yonne|Auxerre',
    '90|Territoire de Belfort|Belfort',
  ],
  Bretagne: [
    '35|Ille-et-Vilaine|Rennes',
    "22|Côtes-d'Armor|Saint-Brieuc",
    '29|Finistère|Quimper',
    '56|Morbihan|Vannes',
  ],
  'Centre-Val de Loire': [
    '45|Loiret|Orléans',
    '18|Cher|Bourges',
    '28|Eure-et-Loir|Chartres',
    '36|Indre|Châteauroux',
    '37|Indre-et-Loire|Tours',
    '41|Loir-et-Cher|Blois',
  ],
  Corse: ['2A|Corse-du-Sud|Ajaccio', '2B|Haute-Corse|Bastia'],
  'Grand Est': [
    '67|Bas-Rhin|Strasbourg',
    '08|Ardennes|Charleville-Mézières',
    '10|Aube|Troyes',
    '51|Marne|Châlons-en-Champagne',
    '52|Haute-Marne|Chaumont',
    '54|Meurthe-et-Moselle|Nancy',
    '55|Meuse|Bar-le-Duc',
    '57|Moselle|Metz',
    '68|Haut-Rhin|Colmar',
    '88|Vosges|Épinal',
  ],
  'Hauts-de-France': [
    '59|Nord|Lille',
    '02|Aisne|Laon',
    '60|Oise|Beauvais',
    '62|Pas-de-Calais|Arras',
    '80|Somme|Amiens',
  ],
  Normandie: ['76|Seine-Maritime|Rouen', '14|Calvados|Caen', '27|Eure|Évreux', '50|Manche|Saint-Lô', '61|Orne|Alençon'],
  'Pays de la Loire': [
    '44|Loire-Atlantique|Nantes',
    '49|Maine-et-Loire|Angers',
    '53|Mayenne|Laval',
    '72|Sarthe|Le Mans',
    '85|Vendée|La Roche-sur-Yon',
  ],
};

export const REGIONS: readonly Region[] = Object.entries(RAW).map(([name, rows]) => ({
  name,
  departments: rows.map((row) => {
    const [code = '', depName = '', prefecture = ''] = row.split('|');
    return { code, name: depName, prefecture, postalPrefix: /^2[AB]$/.test(code) ? '20' : code };
  }),
}));

/** Departments with a strong climbing community get more clubs (mountains and big cities). */
export const BUSY_DEPARTMENTS: ReadonlySet<string> = new Set([
  '69',
  '38',
  '73',
  '74',
  '05',
  '06',
  '13',
  '31',
  '64',
  '75',
  '33',
  '34',
  '67',
  '92',
]);
