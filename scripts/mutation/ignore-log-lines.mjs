// A Stryker ignorer: no mutants inside the text of a log line (`logger.warn(...)`, `op.logger`,
// `container.resolve(ContainerRegistrationKeys.LOGGER).error(...)`). The lines only tell an
// operator what happened; no test reads them and none should. Not in the deadline-warning job,
// whose log lines are what it is for (docs/figures.md, "Mutation testing").

const LOG_METHODS = new Set(["debug", "info", "warn", "error", "log"])
const LOGGER = /(^|\.)logger$|^console$|\.resolve\((ContainerRegistrationKeys\.LOGGER|"logger")\)$/
const KEPT = /src\/jobs\/warn-trigger-deadlines\.ts$/

export const strykerPlugins = [
  // What @stryker-mutator/api's declareValuePlugin(PluginKind.Ignore, ...) makes.
  {
    kind: "Ignore",
    name: "LogLines",
    value: {
      shouldIgnore(path) {
        if (!path.isCallExpression()) return undefined
        const callee = path.get("callee")
        if (!callee.isMemberExpression() || !LOG_METHODS.has(callee.node.property.name)) return undefined
        if (KEPT.test(path.hub?.file?.opts?.filename ?? "")) return undefined
        return LOGGER.test(callee.get("object").getSource().replace(/\s+/g, "")) ? "a log line's text" : undefined
      },
    },
  },
]
