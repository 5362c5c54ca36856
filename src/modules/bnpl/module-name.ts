/**
 * The module's name in Medusa's container. A file of its own so that code resolving the module
 * (jobs, routes, workflows) does not load its definition (the service and its data models) to read
 * a string: index.ts re-exports it for the store's own code.
 */
export const BNPL_MODULE = "bnpl"
