import { buildApp } from '../../../apps/server/src/app';
import type { Database } from '../../../apps/server/src/db/database';
import { getOperationAST, parse } from 'graphql';
import { COST_BUDGET, operationCost } from '../../../apps/server/src/graphql/cost';
import { graphqlSchema } from '../../../apps/server/src/graphql/schema/build-schema';
import type { BenchResult } from '../bench-result';

/**
 * The cost-limit probe (R-SEC-08), replayed on the bench data: the query shapes that froze the server are
 * refused before they run, and the heaviest queries the budget accepts stay short while
 * /api/health keeps answering. The app runs in this process, as the embedded (PGlite)
 * server does: a long statement there blocks the event loop that serves the health check.
 */
const ROW = `id NomFluxFinancier Z_DateCreation MontantTTC EST_Debit
  STR_Structure { NomStructure } UTI_Utilisateur { CT_Nom CT_Prenom LicenceNumero }`;
const ALL_COLUMNS = `id NomFluxFinancier Z_DateCreation MontantHT MontantTVA MontantTTC EST_Debit EST_Reglement
  ID_CategoryFlux ID_FluxFinancierDebit ID_FluxFinancierRelance ID_Saison ID_Structure ID_Traitement ID_Utilisateur DateEcheance`;

const PROBE: Record<string, { query: string; as: 'club' | 'admin' }> = {
  'relations imbriquées en éventail': {
    as: 'club',
    query: `{ MKP_FluxFinancier { ${ROW} MKP_FluxFinancierDetail { id MKP_FluxFinancier { MKP_FluxFinancierDetail {
      id MKP_FluxFinancier { MKP_FluxFinancierDetail { id NomFluxFinancierDetail MKP_FluxFinancier { ${ROW} } } } } } } } }`,
  },
  'fragments en éventail': {
    as: 'club',
    query: `{ MKP_FluxFinancier(limit: 100) { ...A } }
    fragment A on MKP_FluxFinancier { a1: MKP_FluxFinancierDetail { ...B } a2: MKP_FluxFinancierDetail { ...B } a3: MKP_FluxFinancierDetail { ...B } }
    fragment B on MKP_FluxFinancierDetail { b1: MKP_FluxFinancier { ...C } b2: MKP_FluxFinancier { ...C } b3: MKP_FluxFinancier { ...C } }
    fragment C on MKP_FluxFinancier { ${ROW} c1: MKP_FluxFinancierDetail { id } c2: MKP_FluxFinancierDetail { id } }`,
  },
  '40 alias d’une grande liste': {
    as: 'club',
    query: `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: MKP_FluxFinancier { ${ALL_COLUMNS} STR_Structure { NomStructure } }`).join(' ')} }`,
  },
  '65 536 paramètres SQL': {
    as: 'admin',
    query: `{ MKP_FluxFinancier(limit: 1) { ${Array.from({ length: 70 }, (_, i) => `r${i}: STR_Structure { ...S }`).join(' ')} } }
      fragment S on STR_Structure { ${Array.from({ length: 1_000 }, (_, i) => `k${i}: NomStructure`).join(' ')} }`,
  },
  'introspection par un club': { as: 'club', query: `{ __schema { types { name fields { name } } } }` },
};

/** The largest `limit` whose query stays within the budget (the cost grows with the limit). */
function largestLimit(query: (limit: number) => string): number {
  const costOf = (limit: number) => {
    const document = parse(query(limit));
    return operationCost(graphqlSchema(), document, getOperationAST(document, null)!, {});
  };
  let [low, high] = [1, 100_000];
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (costOf(middle) <= COST_BUDGET) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Queries just under the budget, each of another shape: the heaviest the server accepts. */
function heaviestAccepted(): Record<string, string> {
  const search = (limit: number) =>
    `{ MKP_FluxFinancier(limit: ${limit}, order_by: [{Z_DateCreation: desc}, {id: desc}]) { ${ROW} } }`;
  const wide = (limit: number) => `{ MKP_FluxFinancier(limit: ${limit}) { ${ALL_COLUMNS}
      STR_Structure { NomStructure ID_CodeFederal } UTI_Utilisateur { CT_Nom CT_Prenom LicenceNumero }
      FEDE_Saison { NomSaison } MKP_CategoryFlux { NomCategoryFlux } } }`;
  const [searchRows, wideRows] = [largestLimit(search), largestLimit(wide)];
  return {
    [`${searchRows.toLocaleString('fr-FR')} lignes de la recherche`]: search(searchRows),
    [`${wideRows.toLocaleString('fr-FR')} lignes, toutes les colonnes et 4 relations`]: wide(wideRows),
    'totaux exacts, 5 agrégats, 3 alias': `{ ${Array.from({ length: 3 }, (_, i) => `t${i}: MKP_FluxFinancier_aggregate(where: {EST_Debit: {_eq: ${i % 2 === 0}}}) { aggregate { count sum { MontantTTC MontantHT } avg { MontantTTC } max { MontantTTC } } }`).join(' ')} }`,
    '100 alias de pages de 30 lignes': `{ ${Array.from({ length: 100 }, (_, i) => `p${i}: MKP_FluxFinancier(limit: 30, offset: ${i * 30}) { ${ROW} }`).join(' ')} }`,
  };
}

export async function benchCostLimits(
  database: Database,
  engine: string,
  log: (line: string) => void,
): Promise<BenchResult[]> {
  const app = await buildApp({
    database,
    jwtSecret: 'bench-secret-long-enough-for-hs256-0123456789',
    loginRateLimit: false,
  });
  try {
    const token = async (email: string) =>
      (
        (
          await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'demo1234' } })
        ).json() as {
          token: string;
        }
      ).token;
    const tokens = { club: await token('club@demo.fr'), admin: await token('super.admin@demo.fr') };
    const graphql = (query: string, as: 'club' | 'admin') =>
      app.inject({
        method: 'POST',
        url: '/v1/graphql',
        headers: { authorization: `Bearer ${tokens[as]}`, 'cache-control': 'no-cache' },
        payload: { query },
      });

    let refused = 0;
    let slowestRefusal = 0;
    for (const [name, { query, as }] of Object.entries(PROBE)) {
      // The median of 3: the first one also reads the tables' bounds.
      const times: number[] = [];
      let status = 0;
      for (let run = 0; run < 3; run++) {
        const started = performance.now();
        status = (await graphql(query, as)).statusCode;
        times.push(performance.now() - started);
      }
      const elapsed = times.sort((a, b) => a - b)[1] ?? 0;
      slowestRefusal = Math.max(slowestRefusal, elapsed);
      if (status === 400 || status === 403) refused += 1;
      log(`  sonde « ${name} » : HTTP ${status} en ${elapsed.toFixed(0)} ms (médiane de 3)`);
    }

    let slowest = { name: '', ms: 0, health: 0 };
    let allAccepted = true;
    for (const [name, query] of Object.entries(heaviestAccepted())) {
      const started = performance.now();
      let done = false;
      const running = graphql(query, 'admin').finally(() => (done = true));
      // /api/health asked again and again while the query runs, as a load balancer would: the worst wait.
      let health = 0;
      while (!done) {
        const healthStarted = performance.now();
        await app.inject({ method: 'GET', url: '/api/health' });
        health = Math.max(health, performance.now() - healthStarted);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const response = await running;
      const ms = performance.now() - started;
      allAccepted &&= response.statusCode === 200;
      log(
        `  acceptée « ${name} » : HTTP ${response.statusCode} en ${ms.toFixed(0)} ms, ${(response.body.length / 1e6).toFixed(1)} Mo ; /api/health ${health.toFixed(0)} ms`,
      );
      if (ms > slowest.ms) slowest = { name, ms, health: slowest.health };
      slowest.health = Math.max(slowest.health, health);
    }
    const total = Object.keys(PROBE).length;
    return [
      {
        name: `${engine} : formes de la sonde refusées avant exécution (sur ${total})`,
        value: refused,
        unit: '',
        bar: total,
        direction: 'min',
        pass: refused === total,
      },
      {
        name: `${engine} : refus le plus lent (médiane de 3)`,
        value: slowestRefusal,
        unit: 'ms',
        bar: 100,
        pass: slowestRefusal <= 100,
      },
      {
        name: `${engine} : requête acceptée la plus lourde (${slowest.name}${allAccepted ? '' : ', une refusée !'})`,
        value: slowest.ms,
        unit: 'ms',
        bar: 2_000,
        pass: allAccepted && slowest.ms <= 2_000,
      },
      {
        name: `${engine} : /api/health pendant les requêtes acceptées les plus lourdes (pire)`,
        value: slowest.health,
        unit: 'ms',
        bar: 1_000,
        pass: slowest.health <= 1_000,
      },
    ];
  } finally {
    await app.close();
  }
}
