// Between tests the runner restores the database from a template, which ends the app's pooled
// connections; knex then logs one "Connection Error: ... ended unexpectedly" per connection.
// That is expected, so drop exactly those lines and keep everything else.
const EXPECTED = /^Connection Error: (Error: )?Connection (ended unexpectedly|terminated)/

for (const method of ["log", "warn"]) {
  const original = console[method].bind(console)
  console[method] = (...args) => {
    if (typeof args[0] === "string" && EXPECTED.test(args[0])) return
    original(...args)
  }
}
