export * from './common.js';
export * from './tenant.js';
export * from './customer.js';
export * from './ticket.js';
export * from './history.js';
export * from './approval.js';
export * from './commerce.js';
export * from './ids.js';
