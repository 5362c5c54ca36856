/**
 * Review helper (the repros' path): the in-memory stand-in of PostgreSQL the unit tests share,
 * src/__tests__/helpers/memory-db.ts.
 */
export * from "../../../__tests__/helpers/memory-db"
