// A Stryker ignorer: no mutants in a log line (`logger.warn(...)`, `op.logger`,
// `container.resolve(ContainerRegistrationKeys.LOGGER).error(...)`), nor of a handler that only
// logs (`.catch((e) => logger.warn(...))`: its mutant `() => undefined` only drops the line).
// The lines tell an operator what happened; no test reads them and none should. Not in the
// deadline-warning job, whose log lines are what it is for (docs/figures.md, "Mutation testing").

const LOG_METHODS = new Set(["debug", "info", "warn", "error", "log"])
const LOGGER = /(^|\.)logger$|^console$|\.resolve\((ContainerRegistrationKeys\.LOGGER|"logger")\)$/
const KEPT = /src\/jobs\/warn-trigger-deadlines\.ts$/

/** A call of a log method on a logger. */
function isLogLine(path) {
  if (!path.isCallExpression()) return false
  const callee = path.get("callee")
  if (!callee.isMemberExpression() || !LOG_METHODS.has(callee.node.property.name)) return false
  return LOGGER.test(callee.get("object").getSource().replace(/\s+/g, ""))
}

/** An arrow function whose body is one log line (an expression, or a block of that one statement). */
function onlyLogs(path) {
  if (!path.isArrowFunctionExpression()) return false
  const body = path.get("body")
  if (!body.isBlockStatement()) return isLogLine(body)
  const statements = body.get("body")
  return statements.length === 1 && statements[0].isExpressionStatement() && isLogLine(statements[0].get("expression"))
}

export const strykerPlugins = [
  // What @stryker-mutator/api's declareValuePlugin(PluginKind.Ignore, ...) makes.
  {
    kind: "Ignore",
    name: "LogLines",
    value: {
      shouldIgnore(path) {
        if (KEPT.test(path.hub?.file?.opts?.filename ?? "")) return undefined
        if (isLogLine(path)) return "a log line's text"
        if (onlyLogs(path)) return "a handler that only logs"
        return undefined
      },
    },
  },
]
