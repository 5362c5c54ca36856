// The store the integration tests and the demo seed build: it lives with the scripts
// (scripts/lib/store-setup.ts), so the demo's seed depends on no test file.
export * from "../../scripts/lib/store-setup"
