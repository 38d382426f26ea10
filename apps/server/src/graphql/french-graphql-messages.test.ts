import { getVariableValues, Kind, parse, specifiedRules, validate, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { frenchGraphqlMessage, UNKNOWN_GRAPHQL_ERROR } from './french-graphql-messages';
import { graphqlSchema } from './schema/build-schema';

/** R-SEC-01: graphql-js's messages reach the caller in French (found by the route fuzzer, R-SEC-20). */
describe('graphql-js messages in French', () => {
  it.each([
    ['Syntax Error: Expected Name, found <EOF>.', 'Erreur de syntaxe : nom attendu, fin du document trouvé.'],
    ['Syntax Error: Unexpected Name "z".', 'Erreur de syntaxe : nom "z" inattendu.'],
    ['Syntax Error: Unexpected character: U+0000.', 'Erreur de syntaxe : caractère inattendu : U+0000.'],
    [
      'Syntax Error: Invalid Unicode escape sequence: "\\ud800".',
      'Erreur de syntaxe : séquence d’échappement Unicode invalide : "\\ud800".',
    ],
    [
      'Int cannot represent non 32-bit signed integer value: 9223372036854776000',
      '"Int" attend un entier de -2147483648 à 2147483647 : 9223372036854776000 reçu.',
    ],
    ['Int cannot represent non-integer value: 1.5', '"Int" attend un entier : 1.5 reçu.'],
    [
      'Boolean cannot represent a non boolean value: [[[Array]]]',
      '"Boolean" attend un booléen (true ou false) : [[[liste]]] reçu.',
    ],
    [
      'Variable "$id" got invalid value 1.5; Int cannot represent non-integer value: 1.5',
      'La variable "$id" a une valeur invalide 1.5 : "Int" attend un entier : 1.5 reçu.',
    ],
    [
      'Variable "$id" of non-null type "Int!" must not be null.',
      'La variable "$id" (type "Int!") ne peut pas être null.',
    ],
    [
      'Value "x" does not exist in "order_by" enum. Did you mean the enum value "asc" or "desc"?',
      'La valeur "x" n’existe pas dans l’énumération "order_by". Vouliez-vous dire "asc" ou "desc" ?',
    ],
    ['Enum "order_by" cannot represent non-enum value: "1.0".', 'L’énumération "order_by" n’accepte pas "1.0".'],
    ['Validation aborted.', 'Validation interrompue : document trop complexe.'],
    ['Unknown type "Inconnu".', 'Type "Inconnu" inconnu.'],
    [
      'Schema is not configured to execute subscription operation.',
      'Les opérations "subscription" ne sont pas prises en charge.',
    ],
  ])('%s', (english, french) => {
    expect(frenchGraphqlMessage(english)).toBe(french);
  });

  it('leaves the app’s own (French) messages as they are, and never lets an unknown graphql-js one through', () => {
    expect(frenchGraphqlMessage('numeric attend un nombre décimal.')).toBe('numeric attend un nombre décimal.');
    expect(frenchGraphqlMessage('Expected something graphql-js says one day.')).toBe(UNKNOWN_GRAPHQL_ERROR);
  });

  /** Documents graphql-js refuses, each for another reason: all its messages must be known here. */
  const DOCUMENTS = [
    '{ MKP_FluxFinancier(',
    '{ MKP_FluxFinancier { id } } { FEDE_Saison { id } }',
    'query A { __typename } query A { __typename }',
    '{ MKP_FluxFinancier(limit: 9223372036854775808) { id } }',
    '{ MKP_FluxFinancier(limit: 1.5, offset: "x") { id } }',
    '{ MKP_FluxFinancier(where: {id: {_eq: null}}, order_by: 5) { id } }',
    '{ MKP_FluxFinancier(where: {nope: {_eq: 1}}, order_by: [{id: upward}]) { nope } }',
    '{ MKP_FluxFinancier(inconnu: 1) { id { x } } }',
    '{ MKP_FluxFinancier }',
    '{ MKP_FluxFinancier_by_pk { id } }',
    'query Q($v: Inconnu, $w: Int) { __typename @skip(if: $x) @include(if: true) @include(if: true) }',
    'query Q($v: MKP_FluxFinancier) { __typename }',
    'query Q($v: String) { MKP_FluxFinancier(limit: $v) { id } }',
    'fragment F on query_root { ...G } fragment G on query_root { ...F } { ...F }',
    'fragment F on Int { x } fragment U on query_root { __typename } { ...F ...Inconnu }',
    '{ ... on MKP_FluxFinancier { id } }',
    '{ a: MKP_FluxFinancier { id } a: FEDE_Saison { id } }',
    '{ __typename @inconnue @deprecated }',
    'type T { a: Int }',
    '{ "\\ud800" }',
    "{ MKP_FluxFinancier(where: {NomFluxFinancier: {_eq: 'x'}}) { id } }",
    '{ MKP_FluxFinancier(limit: 0x1) { id } }',
    '{ MKP_FluxFinancier(limit: 1e) { id } }',
    '{ MKP_FluxFinancier(where: {NomFluxFinancier: {_eq: "\\q"}}) { id } }',
    '{ MKP_FluxFinancier(where: {NomFluxFinancier: {_eq: "abc',
    `{ a: __typename ${'b: __typename '.repeat(2_000)}}`,
  ];

  it.each(DOCUMENTS)('knows every message graphql-js gives for %s', (document) => {
    let messages: string[];
    try {
      messages = validate(graphqlSchema(), parse(document), specifiedRules, { maxErrors: 20 }).map((e) => e.message);
    } catch (error) {
      messages = [(error as Error).message];
    }
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(frenchGraphqlMessage(message), message).not.toBe(UNKNOWN_GRAPHQL_ERROR);
  });

  it('knows every message of variables that do not coerce', () => {
    const operation = parse(
      'query Q($id: Int!, $w: MKP_FluxFinancier_bool_exp, $o: [MKP_FluxFinancier_order_by!], $n: numeric, $b: Boolean, $s: String) { __typename }',
    ).definitions[0] as OperationDefinitionNode;
    expect(operation.kind).toBe(Kind.OPERATION_DEFINITION);
    const cases: Array<Record<string, unknown>> = [
      {},
      { id: null },
      { id: 2 ** 53, b: 'oui', s: {}, n: 'abc' },
      { id: 1, w: { nope: 1, id: { _eq: 'x' } }, o: [{ id: 'upward' }, 5, { id: 1 }] },
      { id: [[[[[1]]]]], w: 'x', o: { id: null } },
    ];
    for (const variables of cases) {
      const { errors } = getVariableValues(graphqlSchema(), operation.variableDefinitions ?? [], variables);
      expect(errors?.length ?? 0).toBeGreaterThan(0);
      for (const error of errors ?? []) {
        expect(frenchGraphqlMessage(error.message), error.message).not.toBe(UNKNOWN_GRAPHQL_ERROR);
        expect(frenchGraphqlMessage(error.message), error.message).not.toMatch(/\b(cannot|Expected|Variable|got)\b/);
      }
    }
  });
});
