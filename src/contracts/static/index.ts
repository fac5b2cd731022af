export * from './banks';
export * from './countries';
export * from './currencies';
export * from './statuses';
