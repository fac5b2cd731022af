/** The one PostgreSQL schema, for PGlite and node-postgres alike. One file per area. */
export * from './auth';
export * from './bookings';
export * from './exports';
export * from './imports';
export * from './invoicing';
export * from './lists';
export * from './masterData';
export * from './meta';
export * from './offices';
export * from './products';
export * from './promotions';
export * from './reference';
export * from './refundAccess';
export * from './refunds';
export * from './security';
export * from './storage';
