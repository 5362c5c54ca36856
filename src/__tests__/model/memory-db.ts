/** The model's database stand-in: the one the unit tests share. */
export * from "../helpers/memory-db"
