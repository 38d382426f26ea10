export * from './structures/structure-types';
export * from './auth/roles';
export * from './auth/contracts';
export * from './seasons/season';
export * from './money/money';
export * from './modules/module-slugs';
