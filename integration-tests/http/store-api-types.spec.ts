import path from "node:path"
import ts from "typescript"

/**
 * (In the HTTP part, beside the suites that boot a server: it runs TypeScript's compiler, about
 * 20 s of CPU, more than the rest of a unit file's budget.)
 *
 * The store API's answer has two homes: the plugin's type (what the route serves) and the kit's
 * (what storefronts read; the kit ships alone, without the plugin). This compiles
 * src/__tests__/fixtures/store-api-types.ts, which assigns one to the other: a field added, renamed or widened
 * on one side only fails here, naming it.
 */
describe("the store API's types", () => {
  it("are the same in the plugin and in the storefront kit", () => {
    const root = path.resolve(__dirname, "../..")
    const file = path.join(root, "src/__tests__/fixtures/store-api-types.ts")
    const config = ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile)
    const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root)
    const program = ts.createProgram([file], { ...options, noEmit: true, incremental: false })
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file && path.resolve(d.file.fileName) === file)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))
    expect(problems).toEqual([])
  }, 120_000)
})
