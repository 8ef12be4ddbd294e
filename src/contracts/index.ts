/** Every API contract (see README.md); import from the area's file or from here. */
import { CategoryNode } from './catalogue';

export * from './auth';
export * from './catalogue';
export * from './common';
export * from './dealer';
export * from './drawings';
export * from './engineering';
export * from './forms';
export * from './furniture';
export * from './geo';
export * from './health';
export * from './images';
export * from './me';
export * from './order-files';
export * from './order-lists';
export * from './staff';
export * from './submissions';

/** Schemas other schemas refer to by `$id` (recursive ones): the server adds them once with `app.addSchema`. */
export const sharedSchemas = [CategoryNode];
