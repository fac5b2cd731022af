/**
 * The master-data module contracts (issue 3), one per module; server and client both read them.
 * Every module's contract is listed by module in src/contracts/moduleContracts.ts.
 */
export * from './blacklist';
export * from './businessUnits';
export * from './countries';
export * from './coverages';
export * from './currencies';
export * from './fields';
export * from './passengers';
export * from './productSperta';
export * from './productTypes';
export * from './suppliers';
export * from './tags';
export * from './zones';
