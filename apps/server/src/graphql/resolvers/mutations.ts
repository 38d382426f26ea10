import type { GraphQLFieldResolver } from 'graphql';
import { relaunchFlux } from '../../modules/flux/flux-relaunch.service';
import { insertFlux, updateFlux } from '../../modules/flux/flux-write.service';
import type { GraphqlContext } from '../context';
import { readBack } from './root-query';

type Resolver = GraphQLFieldResolver<unknown, GraphqlContext, Record<string, unknown>>;

export const insertFluxOne: Resolver = async (_source, args, context, info) => {
  const { MKP_FluxFinancierDetail: details, ...object } = args.object as Record<string, unknown>;
  const lines = ((details as { data?: Array<Record<string, unknown>> } | undefined)?.data ?? []) as Array<
    Record<string, unknown>
  >;
  const id = await insertFlux(context.database, context.scope, context.issuance, object, lines);
  return readBack('MKP_FluxFinancier', id, context, info);
};

export const updateFluxByPk: Resolver = async (_source, args, context, info) => {
  const { id } = args.pk_columns as { id: number };
  const updated = await updateFlux(
    context.database,
    context.scope,
    id,
    (args._set as Record<string, unknown> | undefined) ?? {},
  );
  return readBack('MKP_FluxFinancier', updated, context, info);
};

export const relaunchFluxResolver: Resolver = async (_source, args, context, info) => {
  const id = await relaunchFlux(context.database, context.scope, context.issuance, args.id as number);
  return readBack('MKP_FluxFinancier', id, context, info);
};
